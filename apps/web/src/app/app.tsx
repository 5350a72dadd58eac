import { BrowserRouter, useRoutes } from 'react-router-dom';
import type { SessionManager } from '../features/auth';
import { Providers } from './providers';
import { routes } from './routes';

function Routes() {
  return useRoutes(routes);
}

/**
 * The declarative router: the app loads no data through routes, and react-router's data router would cost
 * every page about 20 KB gzipped of code it never runs.
 */
export function App({ auth }: { auth: SessionManager }) {
  return (
    <Providers auth={auth}>
      <BrowserRouter>
        <Routes />
      </BrowserRouter>
    </Providers>
  );
}
