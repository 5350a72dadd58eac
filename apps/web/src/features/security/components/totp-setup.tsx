import { css, type Theme } from '@emotion/react';
import { Button, TextField } from '@grouarock/ui';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { useAsyncAction } from '../../../lib/use-async-action';
import type { TotpEnrolmentDto } from '../api/security';
import { QrCode } from './qr-code';
import { inlineForm, mono, muted, row } from './styles';

const layout = (theme: Theme) => css`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[4]};
  align-items: flex-start;
  outline: none;
`;

const steps = (theme: Theme) => css`
  display: flex;
  flex: 1 1 16rem;
  flex-direction: column;
  gap: ${theme.space[3]};
  min-width: 0;
`;

const secretText = (theme: Theme) => css`
  display: block;
  padding: ${theme.space[2]};
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.bg};
  font-size: ${theme.fontSizes.lg};
  letter-spacing: 0.05em;
  overflow-wrap: anywhere;
  user-select: all;
`;

/** The secret in groups of four ("JBSW Y3DP EHPK 3PXP"), as apps that cannot scan ask it to be typed. */
export function groupSecret(secret: string): string {
  return (secret.replace(/\s+/g, '').match(/.{1,4}/g) ?? []).join(' ');
}

/** A code as typed: digits only (spaces and dashes that apps show in the middle are dropped). */
const digits = (typed: string) => typed.replace(/[\s-]/g, '');

export interface TotpSetupProps {
  enrolment: TotpEnrolmentDto;
  /** Sends the app's first code; resolves to the problem to show at the field, or undefined once it is on. */
  onVerify: (code: string) => Promise<string | undefined>;
  onCancel: () => void;
}

/**
 * Turning the authenticator app on: its QR code (or the secret in groups of four to type), then its 6-digit code.
 * Focus moves here when it opens, so the steps are read next.
 */
export function TotpSetup({ enrolment, onVerify, onCancel }: TotpSetupProps) {
  const t = useT();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);

  const verify = useAsyncAction(async () => {
    const typed = digits(code);
    if (!/^\d{6}$/.test(typed)) return setProblem(t('security.totp.codeFormat'));
    setProblem(await onVerify(typed));
  });

  return (
    <div css={layout} role="group" aria-label={t('security.totp.setupLabel')} tabIndex={-1} ref={box}>
      <QrCode text={enrolment.uri} label={t('security.totp.qrLabel')} />
      <div css={steps}>
        <p>{t('security.totp.scan')}</p>
        <p css={muted}>{t('security.totp.manual')}</p>
        <code css={[secretText, mono]}>
          {groupSecret(enrolment.secret)}
        </code>
        <p>{t('security.totp.codeStep')}</p>
        <form
          css={inlineForm}
          aria-label={t('security.totp.codeFormLabel')}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void verify.run();
          }}
        >
          <TextField
            label={t('security.totp.code')}
            value={code}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={9}
            error={problem}
            onChange={(event) => {
              setCode(event.target.value);
              setProblem(undefined);
            }}
          />
          <div css={row}>
            <Button type="submit" loading={verify.running}>
              {verify.running ? t('security.totp.verifying') : t('security.totp.verify')}
            </Button>
            <Button variant="ghost" disabled={verify.running} onClick={onCancel}>
              {t('security.cancel')}
            </Button>
          </div>
        </form>
      </div>
    </div>
  );
}

export default TotpSetup;
