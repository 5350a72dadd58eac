import { act, fireEvent, render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useRoutes,
  useSearchParams,
  type Location,
  type NavigationType,
  type RouteObject,
} from 'react-router-dom';

// What the screens rely on from react-router-dom's declarative mode, the way they use it: links that stay real
// links, nav links marking the current page, redirects, the query string, the address bar and back/forward.

let seen: { location: Location; action: NavigationType };

function Probe() {
  const location = useLocation();
  const action = useNavigationType();
  useLayoutEffect(() => {
    seen = { location, action };
  });
  return null;
}

function Step() {
  const { step } = useParams<{ step: string }>();
  return <p>step {step}</p>;
}

function Query() {
  const [params, setParams] = useSearchParams();
  return (
    <>
      <p>q={params.get('q') ?? ''}</p>
      <button onClick={() => setParams((current) => (current.set('q', 'punk'), current), { replace: true })}>set</button>
      <button onClick={() => setParams(new URLSearchParams())}>clear</button>
    </>
  );
}

const routes: RouteObject[] = [
  {
    element: (
      <>
        <nav>
          <NavLink to="/">home</NavLink>
          <NavLink to="/tutorials">tutorials</NavLink>
          <NavLink to="/tutorials" end>
            tutorials only
          </NavLink>
          <Link to="/tutorials/expert-1">expert</Link>
          <Link to="/tutorials/expert-1" target="_blank">
            new tab
          </Link>
        </nav>
        <main>
          <Outlet />
        </main>
      </>
    ),
    children: [
      { index: true, element: <p>home page</p> },
      { path: 'tutorials', element: <p>tutorials page</p> },
      { path: 'tutorials/:step', element: <Step /> },
      { path: 'query', element: <Query /> },
      { path: 'old', element: <Navigate to="/tutorials" replace /> },
      { path: '*', element: <p>not found</p> },
    ],
  },
];

function Routes() {
  return (
    <>
      <Probe />
      {useRoutes(routes)}
    </>
  );
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes />
    </MemoryRouter>,
  );
}

describe('routing with react-router-dom', () => {
  it('renders the matched route inside its layout, with its parameters', () => {
    renderAt('/tutorials/beginner-1');
    expect(screen.getByRole('main')).toHaveTextContent('step beginner-1');
    expect(screen.getByRole('navigation')).toBeInTheDocument();
    expect(seen.action).toBe('POP');
  });

  it('follows a plain click on a link in place, as a new history entry', () => {
    renderAt('/');
    const link = screen.getByRole('link', { name: 'expert' });
    expect(link).toHaveAttribute('href', '/tutorials/expert-1');
    const click = fireEvent.click(link);
    expect(click).toBe(false); // the browser's own navigation was prevented
    expect(screen.getByRole('main')).toHaveTextContent('step expert-1');
    expect(seen).toMatchObject({ action: 'PUSH', location: { pathname: '/tutorials/expert-1', search: '', hash: '' } });
  });

  it('leaves a modified click, another button or another target to the browser', () => {
    renderAt('/');
    expect(fireEvent.click(screen.getByRole('link', { name: 'expert' }), { ctrlKey: true })).toBe(true);
    expect(fireEvent.click(screen.getByRole('link', { name: 'expert' }), { button: 1 })).toBe(true);
    expect(fireEvent.click(screen.getByRole('link', { name: /new tab/ }))).toBe(true);
    expect(screen.getByRole('main')).toHaveTextContent('home page');
  });

  it('replaces the entry when a link leads to the address already shown', () => {
    renderAt('/tutorials/expert-1');
    const before = seen.location.key;
    fireEvent.click(screen.getByRole('link', { name: 'expert' }));
    expect(seen.action).toBe('REPLACE');
    expect(seen.location.key).not.toBe(before);
  });

  it('marks the current page on nav links: / only on itself, others also below them unless `end`', () => {
    renderAt('/tutorials/expert-1');
    expect(screen.getByRole('link', { name: 'home' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'tutorials' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'tutorials only' })).not.toHaveAttribute('aria-current');
    fireEvent.click(screen.getByRole('link', { name: 'tutorials' }));
    expect(screen.getByRole('link', { name: 'tutorials only' })).toHaveAttribute('aria-current', 'page');
    fireEvent.click(screen.getByRole('link', { name: 'home' }));
    expect(screen.getByRole('link', { name: 'home' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'tutorials' })).not.toHaveAttribute('aria-current');
  });

  it('redirects with <Navigate replace>', () => {
    renderAt('/old');
    expect(screen.getByRole('main')).toHaveTextContent('tutorials page');
    expect(seen).toMatchObject({ action: 'REPLACE', location: { pathname: '/tutorials' } });
  });

  it('reads and sets the query string, keeping the path', () => {
    renderAt('/query?q=rock');
    expect(screen.getByText('q=rock')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'set' }));
    expect(screen.getByText('q=punk')).toBeInTheDocument();
    expect(seen).toMatchObject({ action: 'REPLACE', location: { pathname: '/query', search: '?q=punk' } });
    fireEvent.click(screen.getByRole('button', { name: 'clear' }));
    expect(seen).toMatchObject({ action: 'PUSH', location: { pathname: '/query', search: '' } });
  });

  it('throws a clear error for a router hook outside a router', () => {
    // (A <Link> outside a router throws too, but react-router's message there is a bare TypeError.)
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Probe />)).toThrow('useLocation() may be used only in the context of a <Router> component');
    quiet.mockRestore();
  });
});

describe('BrowserRouter', () => {
  function Buttons() {
    const navigate = useNavigate();
    return (
      <>
        <button onClick={() => void navigate('/tutorials?level=1#top', { state: { from: 'test' } })}>go</button>
        <button onClick={() => void navigate('/tutorials', { replace: true })}>swap</button>
      </>
    );
  }

  beforeEach(() => window.history.replaceState(null, '', '/'));

  it('writes navigations to the address bar and follows back and forward', async () => {
    render(
      <BrowserRouter>
        <Buttons />
        <Routes />
      </BrowserRouter>,
    );
    const length = window.history.length;
    fireEvent.click(screen.getByRole('button', { name: 'go' }));
    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/tutorials?level=1#top');
    expect(window.history.length).toBe(length + 1);
    expect(seen).toMatchObject({ action: 'PUSH', location: { pathname: '/tutorials', search: '?level=1', hash: '#top', state: { from: 'test' } } });

    await act(async () => {
      const popped = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
      window.history.back();
      await popped;
    });
    expect(screen.getByRole('main')).toHaveTextContent('home page');
    expect(seen).toMatchObject({ action: 'POP', location: { pathname: '/' } });

    await act(async () => {
      const popped = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
      window.history.forward();
      await popped;
    });
    expect(screen.getByRole('main')).toHaveTextContent('tutorials page');
    expect(seen).toMatchObject({ action: 'POP', location: { pathname: '/tutorials', search: '?level=1', state: { from: 'test' } } });

    fireEvent.click(screen.getByRole('button', { name: 'swap' }));
    expect(window.location.pathname).toBe('/tutorials');
    expect(seen.action).toBe('REPLACE');
  });
});
