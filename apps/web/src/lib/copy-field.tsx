import { css, type Theme } from '@emotion/react';
import { Button } from '@grouarock/ui';
import { useState } from 'react';
import { useT } from './i18n';

const row = (theme: Theme) => css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space[2]};
`;

const code = (theme: Theme) => css`
  display: block;
  padding: ${theme.space[2]};
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.bg};
  font-family: ${theme.fonts.mono};
  overflow-wrap: anywhere;
  user-select: all;
`;

/** A button that copies `value` to the clipboard, and says so once it has. */
export function CopyButton({ value, className }: { value: string; className?: string }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  return (
    <Button
      className={className}
      size="sm"
      variant="ghost"
      onClick={() =>
        void navigator.clipboard.writeText(value).then(
          () => setCopied(true),
          () => setCopied(false),
        )
      }
    >
      {t(copied ? 'copy.done' : 'copy.action')}
    </Button>
  );
}

/** A secret or an address to paste elsewhere: its label, a copy button, and the value selectable with one click. */
export function CopyField({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <div css={row}>
        <strong>{label}</strong>
        <CopyButton value={value} />
      </div>
      <code css={code}>{value}</code>
    </div>
  );
}
