import { css, type Theme } from '@emotion/react';
import { CopyButton } from '../../../lib/copy-field';

const frame = css`
  position: relative;
  margin: 0;
`;

const pre = (theme: Theme) => css`
  margin: 0;
  padding: ${theme.space[3]};
  padding-right: ${theme.space[8]};
  overflow-x: auto;
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.bg};
  font-family: ${theme.fonts.mono};
  font-size: ${theme.fontSizes.sm};
  line-height: 1.5;
  white-space: pre;
`;

const copyButton = (theme: Theme) => css`
  position: absolute;
  top: ${theme.space[1]};
  right: ${theme.space[1]};
`;

/** A block of code to copy and run: its label for screen readers, and a copy button. */
export function CodeBlock({ code, label }: { code: string; label: string }) {
  return (
    <figure css={frame} aria-label={label}>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a block that scrolls sideways must be reachable by keyboard */}
      <pre css={pre} tabIndex={0}>
        <code>{code}</code>
      </pre>
      <CopyButton css={copyButton} value={code} />
    </figure>
  );
}
