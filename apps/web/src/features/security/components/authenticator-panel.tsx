import { Badge, Button, Panel, Spinner, useToast } from '@grouarock/ui';
import { lazy, Suspense, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { useAsyncAction } from '../../../lib/use-async-action';
import { useAuth } from '../../auth';
import { beginTotp, confirmTotp, newRecoveryCodes, turnTotpOff, useSecurityChanged, useSecurityOverview, type TotpEnrolmentDto } from '../api/security';
import { ConfirmDialog } from './confirm-dialog';
import { RecoveryCodes } from './recovery-codes';
import { useSecurityErrorText } from './security-errors';
import { muted, row } from './styles';

// The QR code's library comes with the setup, not with every visit to /profile.
const TotpSetup = lazy(() => import('./totp-setup'));

type Step = { kind: 'idle' } | { kind: 'setup'; enrolment: TotpEnrolmentDto } | { kind: 'codes'; codes: string[]; othersSignedOut: boolean };

/**
 * /profile's authenticator app (a second step after the password). Off: "turn on" shows a QR code and the secret, and
 * the app's first code turns it on; every other session then ends and this one goes on with the token the server gave
 * back. On: the recovery codes left, ten new ones (the old stop working) and turning it off, each confirmed first.
 * Recovery codes are shown once, when they are made.
 */
export function AuthenticatorPanel({ userId, account }: { userId: string; account: string }) {
  const t = useT();
  const { show } = useToast();
  const { adoptSession } = useAuth();
  const errorText = useSecurityErrorText();
  const changed = useSecurityChanged(userId);
  const overview = useSecurityOverview(userId);
  const [step, setStep] = useState<Step>({ kind: 'idle' });

  const start = useAsyncAction(async () => {
    try {
      setStep({ kind: 'setup', enrolment: await beginTotp() });
    } catch (error) {
      show({ tone: 'error', title: errorText(error) });
      await changed();
    }
  });

  const verify = async (code: string): Promise<string | undefined> => {
    try {
      const { recovery_codes, session } = await confirmTotp(code);
      adoptSession(session);
      setStep({ kind: 'codes', codes: recovery_codes, othersSignedOut: true });
      await changed();
      return undefined;
    } catch (error) {
      return errorText(error);
    }
  };

  const regenerate = async () => {
    try {
      setStep({ kind: 'codes', codes: await newRecoveryCodes(), othersSignedOut: false });
    } catch (error) {
      show({ tone: 'error', title: errorText(error) });
    }
    await changed();
  };

  const turnOff = async () => {
    try {
      await turnTotpOff();
      show({ tone: 'success', title: t('security.totp.disabled') });
    } catch (error) {
      show({ tone: 'error', title: errorText(error) });
    }
    await changed();
  };

  const on = overview.data?.totp ?? false;
  const left = overview.data?.recovery_codes_left ?? 0;
  return (
    <Panel title={t('security.totp.title')} headingLevel={3}>
      <p css={muted}>{t('security.totp.text')}</p>
      {overview.data ? (
        <p>
          <Badge tone={on ? 'secondary' : 'neutral'}>{t(on ? 'security.totp.on' : 'security.totp.off')}</Badge>
        </p>
      ) : null}
      {overview.isLoading ? <Spinner label={t('security.totp.loading')} /> : null}
      {overview.error && !overview.isLoading ? (
        <p role="alert">
          {t('security.totp.loadError')}{' '}
          <Button size="sm" variant="ghost" onClick={() => void overview.mutate()}>
            {t('security.retry')}
          </Button>
        </p>
      ) : null}
      {step.kind === 'codes' ? (
        <RecoveryCodes codes={step.codes} account={account} othersSignedOut={step.othersSignedOut} onDone={() => setStep({ kind: 'idle' })} />
      ) : null}
      {step.kind === 'setup' ? (
        <Suspense fallback={<Spinner label={t('security.totp.starting')} />}>
          <TotpSetup enrolment={step.enrolment} onVerify={verify} onCancel={() => setStep({ kind: 'idle' })} />
        </Suspense>
      ) : null}
      {step.kind === 'idle' && overview.data && !on ? (
        <div css={row}>
          <Button loading={start.running} onClick={() => void start.run()}>
            {start.running ? t('security.totp.starting') : t('security.totp.enable')}
          </Button>
        </div>
      ) : null}
      {step.kind === 'idle' && on ? (
        <>
          <p>{t('security.totp.codesLeft', { count: left })}</p>
          <div css={row}>
            <ConfirmDialog
              title={t('security.totp.newCodesTitle')}
              description={t('security.totp.newCodesText')}
              confirmLabel={t('security.totp.newCodesConfirm')}
              onConfirm={regenerate}
              trigger={<Button variant="secondary">{t('security.totp.newCodes')}</Button>}
            />
            <ConfirmDialog
              title={t('security.totp.disableTitle')}
              description={t('security.totp.disableText')}
              confirmLabel={t('security.totp.disableConfirm')}
              onConfirm={turnOff}
              trigger={<Button variant="ghost">{t('security.totp.disable')}</Button>}
            />
          </div>
        </>
      ) : null}
    </Panel>
  );
}
