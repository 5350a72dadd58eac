import { BrowserRouter, useRoutes } from 'react-router-dom';
import type { SessionManager } from '../features/auth';
import { Providers } from './providers';
import { routes } from './routes';

/** The screen for the router's location: the browser's (App) or, at build time, the page being prerendered. */
export function AppRoutes() {
  return useRoutes(routes);
}

/**
 * The app in its providers, following the browser's address with react-router's declarative mode: the app loads no
 * data through routes, so the data router (createBrowserRouter) would only add code every page pays for.
 */
export function App({ auth }: { auth: SessionManager }) {
  return (
    <Providers auth={auth}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  );
}
