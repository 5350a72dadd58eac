import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import type { SessionManager } from '../features/auth';
import { Providers } from './providers';
import { routes } from './routes';

const router = createBrowserRouter(routes);

export function App({ auth }: { auth: SessionManager }) {
  return (
    <Providers auth={auth}>
      <RouterProvider router={router} />
    </Providers>
  );
}
