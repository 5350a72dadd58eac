import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { withMessages } from '../lib/locale-messages';
import { Layout } from './layout';

const HomePage = lazy(withMessages(['home'], () => import('../features/home/components/home-page')));
const NotFoundPage = lazy(() => import('../features/not-found/components/not-found-page'));
const AuthPage = lazy(withMessages(['auth'], () => import('../features/auth/components/auth-page')));
const ProfilePage = lazy(withMessages(['profile'], () => import('../features/profile/components/profile-page')));
const RadioPage = lazy(withMessages(['radio'], () => import('../features/radio/components/radio-page')));
const MarketplaceRedirect = lazy(withMessages(['marketplace'], () => import('../features/marketplace/components/marketplace-redirect')));
const AboutPage = lazy(withMessages(['content'], () => import('../features/content/components/about-page')));
const ContactPage = lazy(withMessages(['content'], () => import('../features/content/components/contact-page')));
const SupportPage = lazy(withMessages(['content'], () => import('../features/content/components/support-page')));
const TermsPage = lazy(withMessages(['content'], () => import('../features/content/components/terms-page')));
const PrivacyPage = lazy(withMessages(['content'], () => import('../features/content/components/privacy-page')));
const CookiesPage = lazy(withMessages(['content'], () => import('../features/content/components/cookies-page')));
const CopyrightPage = lazy(withMessages(['content'], () => import('../features/content/components/copyright-page')));
const PartnersPage = lazy(withMessages(['content'], () => import('../features/content/components/partners-page')));
const CareerPage = lazy(withMessages(['content'], () => import('../features/content/components/career-page')));
const InvestorsPage = lazy(withMessages(['content'], () => import('../features/content/components/investors-page')));
const PressPage = lazy(withMessages(['content'], () => import('../features/content/components/press-page')));
const TutorialsScreen = lazy(withMessages(['tutorials'], () => import('../features/tutorials/components/tutorials-screen')));
const SubscriptionPage = lazy(withMessages(['subscription'], () => import('../features/subscription/components/subscription-page')));
const EventsPage = lazy(withMessages(['events'], () => import('../features/events/components/events-page')));
const StudioPage = lazy(withMessages(['studio'], () => import('../features/studio/components/studio-page')));
const ApiDocsPage = lazy(withMessages(['developer'], () => import('../features/developer/components/api-docs-page')));
const PlaylistPage = lazy(withMessages(['playlists'], () => import('../features/playlists/components/playlist-page')));

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
      { path: 'ai-studio', element: <StudioPage /> },
      { path: 'subscription', element: <SubscriptionPage /> },
      { path: 'auth', element: <AuthPage /> },
      { path: 'profile', element: <ProfilePage /> },
      { path: 'playlists/:id', element: <PlaylistPage /> },
      { path: 'api', element: <ApiDocsPage /> },
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
