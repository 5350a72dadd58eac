import { Button } from '@grouarock/ui';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { mono, muted, row, shownOnce } from './styles';
import { css, type Theme } from '@emotion/react';

const codeList = (theme: Theme) => css`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr));
  gap: ${theme.space[1]} ${theme.space[4]};
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: ${theme.fontSizes.md};
  user-select: all;
`;

/** Saves `text` as a .txt file the browser downloads (a Blob URL: the page's CSP allows no data: URLs). */
function downloadText(text: string, name: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

export interface RecoveryCodesProps {
  codes: string[];
  /** Whom the codes are for, named in the downloaded file. */
  account: string;
  /** The app was just turned on: every other session has ended, and the person is told so. */
  othersSignedOut: boolean;
  onDone: () => void;
}

/**
 * Ten recovery codes, shown this once: copy them all, download them as a .txt file, and "I have saved them" to close.
 * Focus moves here when they appear, so a screen reader reads them out next.
 */
export function RecoveryCodes({ codes, account, othersSignedOut, onDone }: RecoveryCodesProps) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => region.current?.focus(), []);
  const text = [t('security.codes.fileTitle', { account }), t('security.codes.fileText'), '', ...codes, ''].join('\n');

  return (
    <div css={shownOnce} role="region" aria-label={t('security.codes.title')} tabIndex={-1} ref={region}>
      <strong>{t('security.codes.title')}</strong>
      {othersSignedOut ? <p role="status">{t('security.totp.enabled')}</p> : null}
      <p css={muted}>{t('security.codes.text')}</p>
      <ul css={[codeList, mono]} aria-label={t('security.codes.listLabel')}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div css={row}>
        <Button
          size="sm"
          variant="secondary"
          onClick={() =>
            void navigator.clipboard.writeText(codes.join('\n')).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {t(copied ? 'security.codes.copied' : 'security.codes.copy')}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => downloadText(text, 'grouarock-recovery-codes.txt')}>
          {t('security.codes.download')}
        </Button>
        <Button size="sm" onClick={onDone}>
          {t('security.codes.saved')}
        </Button>
      </div>
    </div>
  );
}
