import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { ErrorPage } from './error-page';
import { Layout } from './layout';

const HomePage = lazy(() => import('../features/home/components/home-page'));
const NotFoundPage = lazy(() => import('../features/not-found/components/not-found-page'));
const AuthPage = lazy(() => import('../features/auth/components/auth-page'));
const ProfilePage = lazy(() => import('../features/profile/components/profile-page'));
const RadioPage = lazy(() => import('../features/radio/components/radio-page'));
const MarketplaceRedirect = lazy(() => import('../features/marketplace/components/marketplace-redirect'));

/**
 * Every screen loads lazily as its own chunk. A screen is added here by the issue that builds it;
 * until then its path shows the 404 page (no placeholder pages).
 */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <ErrorPage />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'radio', element: <RadioPage /> },
      { path: 'auth', element: <AuthPage /> },
      { path: 'profile', element: <ProfilePage /> },
      { path: 'marketplace', element: <MarketplaceRedirect /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
