import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { lazy, useEffect, useLayoutEffect, useState, type ComponentType } from 'react';
import { Outlet, useNavigate, type NavigateFunction, type RouteObject } from 'react-router-dom';
import { answer, setupApiServer, type Received } from '../testing/api-server';
import { renderRoutes } from '../testing/render-app';
import { Layout } from './layout';
import { routes as appRoutes } from './routes';

setupApiServer();

/** The client logs the server received; no event is planned. */
let clientLogs: Received[] = [];
beforeEach(() => {
  clientLogs = answer('post', '/client-logs', { id: '1' });
  answer('get', '/events', []);
});

let navigate: NavigateFunction;

function CaptureNavigate() {
  const current = useNavigate();
  useLayoutEffect(() => {
    navigate = current;
  }, [current]);
  return null;
}

/** A screen whose #later section appears a moment after it, as a lazily loaded screen's would. */
function LateSection() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), 100);
    return () => clearTimeout(timer);
  }, []);
  return shown ? <h2 id="later">later section</h2> : <p>loading the section</p>;
}

function Crash(): never {
  throw new Error('the screen crashed');
}

let resolveLazy: (module: { default: ComponentType }) => void;
const LazyScreen = lazy(() => new Promise<{ default: ComponentType }>((resolve) => (resolveLazy = resolve)));

/** `routes` under a route that lets the test navigate as a screen would. */
const navigable = (children: RouteObject[]): RouteObject[] => [
  {
    element: (
      <>
        <CaptureNavigate />
        <Outlet />
      </>
    ),
    children,
  },
];

const routes = navigable([
  {
    element: <Layout />,
    children: [
      { index: true, element: <p>home page</p> },
      { path: 'plain', element: <p>plain page</p> },
      { path: 'anchored', element: <h2 id="here">anchored page</h2> },
      { path: 'late', element: <LateSection /> },
      { path: 'crash', element: <Crash /> },
      { path: 'lazy', element: <LazyScreen /> },
    ],
  },
]);

const go = (to: string | number) => act(async () => void (typeof to === 'number' ? navigate(to) : navigate(to)));

let scrollTo: jest.SpyInstance;
const scrollIntoView = jest.fn<void, []>();

beforeEach(() => {
  localStorage.clear();
  scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  // jsdom lays nothing out and has no scrollIntoView.
  Element.prototype.scrollIntoView = scrollIntoView;
});

afterEach(() => {
  delete (Element.prototype as Partial<Element>).scrollIntoView;
  jest.useRealTimers();
});

describe('the layout', () => {
  it('starts a new page at its top, and leaves back and forward to the browser, which restores the scroll position', async () => {
    renderRoutes(routes, '/');
    expect(screen.getByRole('main')).toHaveTextContent('home page');
    expect(scrollTo).not.toHaveBeenCalled(); // the first load is the browser's

    await go('/plain');
    expect(screen.getByRole('main')).toHaveTextContent('plain page');
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenCalledWith(0, 0);

    await go(-1);
    expect(screen.getByRole('main')).toHaveTextContent('home page');
    await go(1);
    expect(screen.getByRole('main')).toHaveTextContent('plain page');
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollIntoView).not.toHaveBeenCalled();
  });

  it('scrolls to a #anchor already on the page', async () => {
    renderRoutes(routes, '/');
    await go('/anchored#here');
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(screen.getByRole('heading', { name: 'anchored page' }));
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('scrolls to a #anchor once its screen has rendered it', async () => {
    jest.useFakeTimers();
    renderRoutes(routes, '/');
    await go('/late#later');
    expect(screen.getByText('loading the section')).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    expect(scrollIntoView).not.toHaveBeenCalled();

    await act(async () => void jest.advanceTimersByTime(100));
    const section = screen.getByRole('heading', { name: 'later section' });
    await act(async () => undefined); // the mutation observer's callback
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(section);
  });

  it('shows the spinner while a lazy screen loads, then the screen', async () => {
    renderRoutes(routes, '/lazy');
    expect(within(screen.getByRole('main')).getByRole('status')).toHaveTextContent('Ładowanie…');
    await act(async () => resolveLazy({ default: () => <p>lazy page</p> }));
    expect(screen.getByRole('main')).toHaveTextContent('lazy page');
  });

  it('shows the error page for a screen that crashed, reports it, and recovers on the next navigation', async () => {
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRoutes(routes, '/crash');
    const alert = within(screen.getByRole('main')).getByRole('alert');
    expect(alert).toHaveTextContent('Coś poszło nie tak');
    expect(within(alert).getByRole('button', { name: 'Odśwież stronę' })).toBeInTheDocument();
    // The header and footer stay usable around it.
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(await screen.findByRole('contentinfo')).toBeInTheDocument();
    await waitFor(() => expect(clientLogs).toContainEqual(expect.objectContaining({ body: expect.objectContaining({ kind: 'error', message: 'the screen crashed' }) })));
    quiet.mockRestore();

    await go('/plain');
    expect(screen.getByRole('main')).toHaveTextContent('plain page');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('the app routes', () => {
  it('show the 404 page for an unknown path, loaded lazily inside the layout', async () => {
    renderRoutes(appRoutes, '/nie-ma-takiej-strony');
    const main = screen.getByRole('main');
    expect(await within(main).findByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: 'Wróć na stronę główną' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(clientLogs).toContainEqual(expect.objectContaining({ body: expect.objectContaining({ kind: 'not_found' }) })));
  });

  it('give each screen its title and mark its header link as the current page', async () => {
    const { router } = renderRoutes(navigable(appRoutes), '/nie-ma');
    await screen.findByRole('heading', { level: 1, name: 'Oops! Page not found' });
    const nav = screen.getAllByRole('navigation')[0];
    expect(within(nav).getByRole('link', { name: 'Wydarzenia' })).not.toHaveAttribute('aria-current');

    fireEvent.click(within(nav).getByRole('link', { name: 'Wydarzenia' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Wydarzenia muzyczne' })).toBeInTheDocument();
    expect(document.title).toBe('Wydarzenia muzyczne — koncerty i festiwale | GrouaRock');
    expect(within(nav).getByRole('link', { name: 'Wydarzenia' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Radio' })).not.toHaveAttribute('aria-current');
    expect(router.state).toMatchObject({ historyAction: 'PUSH', location: { pathname: '/events' } });

    await go(-1);
    expect(await screen.findByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Wydarzenia' })).not.toHaveAttribute('aria-current');
    expect(document.title).toBe('GrouaRock — radio online, koncerty na żywo i społeczność rocka');
  });
});
