import { render, type RenderResult } from '@testing-library/react';
import { createStore } from 'jotai';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { Providers } from '../app/providers';
import type { SessionManager } from '../features/auth';

export interface RenderAppOptions {
  /** The session to use; by default a fresh one (signed out unless local storage says otherwise). */
  auth?: SessionManager;
}

/** Renders routes inside the app's providers and a memory router at `path`, with a fresh state store. */
export function renderRoutes(routes: RouteObject[], path = '/', { auth }: RenderAppOptions = {}): RenderResult & { router: ReturnType<typeof createMemoryRouter> } {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <Providers store={createStore()} auth={auth}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, router };
}

/** Renders an element inside the app's providers and a router at `path`, with a fresh state store. */
export function renderApp(element: ReactElement, path = '/', options: RenderAppOptions = {}): RenderResult {
  return renderRoutes([{ path: '*', element }], path, options);
}
