import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { Layout } from './layout';

const HomePage = lazy(() => import('../features/home/components/home-page'));
const NotFoundPage = lazy(() => import('../features/not-found/components/not-found-page'));
const AuthPage = lazy(() => import('../features/auth/components/auth-page'));
const ProfilePage = lazy(() => import('../features/profile/components/profile-page'));
const RadioPage = lazy(() => import('../features/radio/components/radio-page'));
const MarketplaceRedirect = lazy(() => import('../features/marketplace/components/marketplace-redirect'));
const AboutPage = lazy(() => import('../features/content/components/about-page'));
const ContactPage = lazy(() => import('../features/content/components/contact-page'));
const SupportPage = lazy(() => import('../features/content/components/support-page'));
const TermsPage = lazy(() => import('../features/content/components/terms-page'));
const PrivacyPage = lazy(() => import('../features/content/components/privacy-page'));
const CookiesPage = lazy(() => import('../features/content/components/cookies-page'));
const CopyrightPage = lazy(() => import('../features/content/components/copyright-page'));
const PartnersPage = lazy(() => import('../features/content/components/partners-page'));
const CareerPage = lazy(() => import('../features/content/components/career-page'));
const InvestorsPage = lazy(() => import('../features/content/components/investors-page'));
const PressPage = lazy(() => import('../features/content/components/press-page'));
const TutorialsScreen = lazy(() => import('../features/tutorials/components/tutorials-screen'));
const EventsPage = lazy(() => import('../features/events/components/events-page'));

/**
 * Every screen loads lazily as its own chunk. A screen is added here by the issue that builds it;
 * until then its path shows the 404 page (no placeholder pages).
 */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'radio', element: <RadioPage /> },
      { path: 'events', element: <EventsPage /> },
      { path: 'auth', element: <AuthPage /> },
      { path: 'profile', element: <ProfilePage /> },
      { path: 'marketplace', element: <MarketplaceRedirect /> },
      { path: 'about', element: <AboutPage /> },
      { path: 'contact', element: <ContactPage /> },
      { path: 'support', element: <SupportPage /> },
      { path: 'terms', element: <TermsPage /> },
      { path: 'privacy', element: <PrivacyPage /> },
      { path: 'cookies', element: <CookiesPage /> },
      { path: 'copyright', element: <CopyrightPage /> },
      { path: 'partners', element: <PartnersPage /> },
      { path: 'career', element: <CareerPage /> },
      { path: 'investors', element: <InvestorsPage /> },
      { path: 'press', element: <PressPage /> },
      { path: 'tutorials', element: <TutorialsScreen /> },
      { path: 'tutorials/:step', element: <TutorialsScreen /> },
      { path: 'tutorial/:id', element: <TutorialsScreen /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
