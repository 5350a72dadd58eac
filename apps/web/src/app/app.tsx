import { BrowserRouter, useRoutes } from '../lib/router';
import type { SessionManager } from '../features/auth';
import { Providers } from './providers';
import { routes } from './routes';

function Routes() {
  return useRoutes(routes);
}

/** The app in its providers, following the browser's address (see lib/router for why the router is our own). */
export function App({ auth }: { auth: SessionManager }) {
  return (
    <Providers auth={auth}>
      <BrowserRouter>
        <Routes />
      </BrowserRouter>
    </Providers>
  );
}
