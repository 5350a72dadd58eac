import { trustedScriptURL } from '../../lib/trusted-types';
import { OFFLINE_WORKER_URL } from './offline-keys';

/** Registers the offline worker (once; again only to update it) and waits until it controls this page. */
export async function registerOfflineWorker(): Promise<void> {
  // A script URL through the app's Trusted Types policy: the Content-Security-Policy refuses a plain string here.
  await navigator.serviceWorker.register(trustedScriptURL(OFFLINE_WORKER_URL), { scope: '/' });
  await navigator.serviceWorker.ready;
}

/** Removes the offline worker once nothing is kept: the site goes back to having none. */
export async function unregisterOfflineWorker(): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  const script = registration?.active?.scriptURL ?? registration?.waiting?.scriptURL ?? registration?.installing?.scriptURL;
  if (registration && script && new URL(script).pathname === OFFLINE_WORKER_URL) await registration.unregister();
}
