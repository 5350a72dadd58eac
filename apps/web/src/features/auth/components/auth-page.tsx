import { css, type Theme } from '@emotion/react';
import { Card, PageTitle, Spinner, Tabs, useToast } from '@grouarock/ui';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useDocumentMeta } from '../../../lib/document-meta';
import { useT } from '../../../lib/i18n';
import { useAuth } from './auth-provider';
import { Benefits } from './benefits';
import { LoginForm } from './login-form';
import { RecoveryForm } from './recovery-form';
import { RegisterForm } from './register-form';
import { SecondFactorStep, type SecondFactorChallenge } from './second-factor-step';
import { SocialButtons } from './social-buttons';
import { mfaTokenOf, sameOriginPath, withoutMfaToken } from '../second-step-link';

const page = (theme: Theme) => css`
  display: grid;
  grid-template-columns: minmax(0, 28rem) minmax(0, 24rem);
  justify-content: center;
  align-items: start;
  gap: ${theme.space[6]};
  max-width: 80rem;
  margin: 0 auto;
  padding: ${theme.space[7]} ${theme.space[4]};

  ${theme.mq.belowMobile} {
    grid-template-columns: minmax(0, 1fr);
    gap: ${theme.space[5]};
    padding: ${theme.space[5]} ${theme.space[3]};
  }
`;

const subtitle = (theme: Theme) => css`
  margin: ${theme.space[2]} 0 ${theme.space[4]};
  color: ${theme.colors.textMuted};
`;

const centered = css`
  display: grid;
  place-items: center;
  min-height: 50vh;
`;

type Tab = 'login' | 'register';

/** `?error=` values the server's redirects use, and their toasts. */
const urlErrors = { link_invalid: 'auth.toast.linkInvalid', oauth: 'auth.toast.oauthError' } as const;

function isUrlError(value: string | null): value is keyof typeof urlErrors {
  return value !== null && value in urlErrors;
}

/**
 * /auth: sign in or register (tabs), social sign-in, the benefits box; the second step of a sign-in in place of the
 * tabs when the account has the authenticator app on. Also the landing of the server's redirects: `?recovery_token=`
 * (set a new password), `?error=link_invalid|oauth` (a toast), and `?next=<path>#mfa_token=<token>` (the second step
 * of a sign-in made through a provider or a mail link; then on to `next`). Signed in, it goes on to `next` (a path of
 * this site) or home.
 */
export function AuthPage() {
  const t = useT();
  const { status } = useAuth();
  const { show } = useToast();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [tab, setTab] = useState<Tab>('login');
  const [registeredEmail, setRegisteredEmail] = useState('');
  // /auth is rendered in the browser only (never prerendered), so the fragment can be read in the first render.
  const [secondStep, setSecondStep] = useState<SecondFactorChallenge | null>(() => {
    const mfaToken = mfaTokenOf(location.hash);
    return mfaToken ? { mfaToken } : null;
  });
  const shownError = useRef<string | null>(null);
  const recoveryToken = params.get('recovery_token');
  const urlError = params.get('error');
  const next = sameOriginPath(params.get('next'), window.location.origin) ?? '/';

  // The token leaves the address at once (history.replaceState): not kept in the history, not in a bookmark or a reload.
  const { pathname, search, hash } = location;
  useEffect(() => {
    if (!mfaTokenOf(hash)) return;
    void navigate({ pathname, search, hash: withoutMfaToken(hash) }, { replace: true, state: location.state as unknown });
  }, [hash, pathname, search, navigate, location.state]);

  useDocumentMeta(
    { title: t('auth.meta.title'), description: t('auth.meta.description'), keywords: t('auth.meta.keywords') },
    t('meta.title'),
  );

  useEffect(() => {
    if (!urlError || shownError.current === urlError) return;
    shownError.current = urlError;
    if (isUrlError(urlError)) show({ tone: 'error', title: t(urlErrors[urlError]), durationMs: 10_000 });
    // Once said, drop it from the address so a reload does not say it again.
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('error');
        return next;
      },
      { replace: true },
    );
  }, [urlError, setParams, show, t]);

  // A recovery link wins over an existing session: the user asked to set a new password.
  if (status === 'signedIn' && !recoveryToken) return <Navigate to={next} replace />;

  if (status === 'loading') {
    return (
      <div css={centered}>
        <Spinner label={t('auth.loading')} size="lg" />
      </div>
    );
  }

  const leaveRecovery = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('recovery_token');
        return next;
      },
      { replace: true },
    );

  return (
    <div css={page}>
      <Card as="section" padding="lg" aria-labelledby={recoveryToken ? undefined : 'auth-title'}>
        {recoveryToken ? (
          <RecoveryForm recoveryToken={recoveryToken} onCancel={leaveRecovery} />
        ) : secondStep ? (
          <>
            <PageTitle id="auth-title" size="md">
              {t('auth.mfa.title')}
            </PageTitle>
            <SecondFactorStep
              challenge={secondStep}
              onSignedIn={() => show({ tone: 'success', title: t('auth.toast.welcome') })}
              onBack={(expired) => {
                setSecondStep(null);
                setTab('login');
                if (expired) show({ tone: 'error', title: t('auth.error.mfaExpired'), durationMs: 10_000 });
              }}
            />
          </>
        ) : (
          <>
            <div>
              <PageTitle id="auth-title" size="md">
                {t('auth.page.title')}
              </PageTitle>
              <p css={subtitle}>{t('auth.page.subtitle')}</p>
            </div>
            <Tabs
              label={t('auth.page.tabs')}
              fullWidth
              value={tab}
              onValueChange={(value) => setTab(value as Tab)}
              items={[
                {
                  value: 'login',
                  label: t('auth.tab.login'),
                  content: (
                    <LoginForm
                      initialEmail={registeredEmail}
                      onSecondFactor={(challenge, email) => {
                        setRegisteredEmail(email);
                        setSecondStep(challenge);
                      }}
                    />
                  ),
                },
                {
                  value: 'register',
                  label: t('auth.tab.register'),
                  content: (
                    <RegisterForm
                      onRegistered={(email) => {
                        setRegisteredEmail(email);
                        setTab('login');
                      }}
                    />
                  ),
                },
              ]}
            />
            <SocialButtons />
          </>
        )}
      </Card>
      <Benefits />
    </div>
  );
}

export default AuthPage;
