import { UiProvider } from '@grouarock/ui';
import { Provider as JotaiProvider, useAtomValue } from 'jotai';
import { type ReactNode, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { createIntl, createIntlCache, RawIntlProvider, useIntl } from 'react-intl';
// The provider alone, from SWR's own module of it: `swr` itself would bring useSWR into every page's first chunk, though
// the first screens of most pages (a prerendered home page's, say) call no hook of it before they respond.
import { SWRConfig } from 'swr/_internal';
import { AuthProvider, SessionManager } from '../features/auth';
import { localeAtom } from '../features/language';
import type { Messages } from '@grouarock/i18n';
import { useT } from '../lib/i18n';
import { ensureMessages, messagesIfLoaded, messagesOf } from '../lib/locale-messages';
import { queryConfig } from '../lib/query';
import { lazyRealtimeConnection, RealtimeContext } from '../lib/use-realtime-channel';
import type { createStore } from 'jotai';

type Store = ReturnType<typeof createStore>;

/**
 * Keeps <html lang> and the default title in step with the chosen language: in the same commit as the texts (a layout
 * effect), so a screen reader never reads the new texts with the old language's voice.
 */
function DocumentLanguage() {
  const t = useT();
  const { locale } = useIntl();
  useLayoutEffect(() => {
    document.documentElement.lang = locale;
    document.title = t('meta.title');
  }, [locale, t]);
  return null;
}

function Ui({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <UiProvider
      toastLabels={{
        label: t('toast.label'),
        viewportLabel: t('toast.viewport', { hotkey: '{hotkey}' }),
        closeLabel: t('toast.close'),
      }}
    >
      {children}
    </UiProvider>
  );
}

function Intl({ children }: { children: ReactNode }) {
  const locale = useAtomValue(localeAtom);
  // The language on screen: the chosen one once its dictionary is loaded (main.tsx preloads the remembered one).
  const [shown, setShown] = useState(() => (messagesIfLoaded(locale) ? locale : 'pl'));
  useEffect(() => {
    let current = true;
    ensureMessages(locale).then(
      () => current && setShown(locale),
      (e: unknown) => console.error(`Could not load the ${locale} dictionary`, e),
    );
    return () => {
      current = false;
    };
  }, [locale]);
  // The dictionary holds the areas loaded so far (one object per language, grown in place); a screen renders only once
  // its own are in (withMessages). What IntlProvider would make of these props, without its class: one intl per language.
  const [cache] = useState(createIntlCache);
  const intl = useMemo(() => createIntl({ locale: shown, defaultLocale: 'pl', messages: messagesOf(shown) as Messages }, cache), [shown, cache]);
  return <RawIntlProvider value={intl}>{children}</RawIntlProvider>;
}

export interface ProvidersProps {
  store?: Store;
  /** The session of this tab; main.tsx passes the one the API client's interceptors use. */
  auth?: SessionManager;
  children: ReactNode;
}

/** State, server state, language, theme, the session and the tab's one realtime connection for everything below. */
export function Providers({ store, auth, children }: ProvidersProps) {
  const [ownAuth] = useState(() => auth ?? new SessionManager());
  const manager = auth ?? ownAuth;
  const [realtime] = useState(
    // The token a call would carry: one that ran out (a tab asleep, timers late) is refreshed first, not sent to be refused.
    () => lazyRealtimeConnection({ credentials: async () => ({ token: await manager.tokenForCall(), userId: manager.session?.user.id ?? null }) }),
  );
  return (
    <JotaiProvider store={store}>
      <SWRConfig value={queryConfig}>
        <Intl>
          <DocumentLanguage />
          <Ui>
            <AuthProvider manager={manager}>
              <RealtimeContext.Provider value={realtime}>{children}</RealtimeContext.Provider>
            </AuthProvider>
          </Ui>
        </Intl>
      </SWRConfig>
    </JotaiProvider>
  );
}
