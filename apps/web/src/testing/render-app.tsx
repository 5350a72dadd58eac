import { render, type RenderResult } from '@testing-library/react';
import { createStore } from 'jotai';
import { useLayoutEffect, type ReactElement } from 'react';
import { MemoryRouter, useLocation, useNavigationType, useRoutes, type Location, type NavigationType, type RouteObject } from 'react-router-dom';
import { Providers } from '../app/providers';
import { SessionManager } from '../features/auth';
import { setApiSession } from './api-server';

export interface RenderAppOptions {
  /** The session to use; by default a fresh one (signed out unless local storage says otherwise). */
  auth?: SessionManager;
}

/** Where the router is now, kept up to date as the app navigates. */
export interface RouterProbe {
  state: { location: Location; historyAction: NavigationType };
}

function Routes({ routes, onLocation }: { routes: RouteObject[]; onLocation: (state: RouterProbe['state']) => void }) {
  const location = useLocation();
  const historyAction = useNavigationType();
  useLayoutEffect(() => onLocation({ location, historyAction }), [onLocation, location, historyAction]);
  return useRoutes(routes);
}

/**
 * Renders routes inside the app's providers and a memory router at `path`, with a fresh state store. The API client
 * (in specs that set up the API server) carries this session's tokens, as main.tsx wires it.
 */
export function renderRoutes(routes: RouteObject[], path = '/', { auth = new SessionManager() }: RenderAppOptions = {}): RenderResult & { router: RouterProbe } {
  setApiSession(auth);
  const router = {} as RouterProbe;
  const onLocation = (state: RouterProbe['state']) => {
    router.state = state;
  };
  const result = render(
    <Providers store={createStore()} auth={auth}>
      <MemoryRouter initialEntries={[path]}>
        <Routes routes={routes} onLocation={onLocation} />
      </MemoryRouter>
    </Providers>,
  );
  return { ...result, router };
}

/** Renders an element inside the app's providers and a router at `path`, with a fresh state store. */
export function renderApp(element: ReactElement, path = '/', options: RenderAppOptions = {}): RenderResult {
  return renderRoutes([{ path: '*', element }], path, options);
}
