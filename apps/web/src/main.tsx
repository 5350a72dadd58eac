import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { SessionManager } from './features/auth';
import { storedLocale } from './features/language';
import { configureApiClient } from './lib/api';
import { ensureMessages } from './lib/locale-messages';
import { installGlobalErrorReporting } from './lib/report-client-error';
import { installStyleNonce } from './lib/style-nonce';

installGlobalErrorReporting();
// Before any component writes a style element (the Content-Security-Policy wants the answer's nonce on it).
installStyleNonce();
/** The session of this tab: every call of the API client carries its access token. */
const auth = new SessionManager();
configureApiClient(auth);

// The remembered language's dictionary before the first render, so the page never flashes in Polish.
const locale = storedLocale();
await ensureMessages(locale).catch((e: unknown) => console.error('Could not load the dictionary', e));

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <App auth={auth} />
  </StrictMode>
);
// A prerendered public page (build/prerender.ts) was rendered in Polish, with no query: React takes that HTML over once
// the browser has painted it (hydrating first would hold the first paint back by the whole page's render). In another
// language, or with a query the page may read, the app renders anew (replacing it).
if (root.firstElementChild && locale === 'pl' && !window.location.search) {
  await new Promise((painted) => requestAnimationFrame(() => setTimeout(painted, 0)));
  hydrateRoot(root, app);
} else createRoot(root).render(app);
