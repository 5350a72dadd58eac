import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { SessionManager } from './features/auth';
import { storedLocale } from './features/language';
import { configureApiClient } from './lib/api';
import { ensureMessages } from './lib/locale-messages';
import { installGlobalErrorReporting } from './lib/report-client-error';

installGlobalErrorReporting();
/** The session of this tab: every call of the API client carries its access token. */
const auth = new SessionManager();
configureApiClient(auth);

// The remembered language's dictionary before the first render, so the page never flashes in Polish.
await ensureMessages(storedLocale()).catch((e: unknown) => console.error('Could not load the dictionary', e));

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App auth={auth} />
  </StrictMode>,
);
