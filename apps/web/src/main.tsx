import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { SessionManager } from './features/auth';
import { configureApiClient, installAuthInterceptors } from './lib/api';
import { installGlobalErrorReporting } from './lib/report-client-error';

configureApiClient();
installGlobalErrorReporting();
/** The session of this tab: every call of the API client carries its access token. */
const auth = new SessionManager();
installAuthInterceptors(auth);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App auth={auth} />
  </StrictMode>,
);
