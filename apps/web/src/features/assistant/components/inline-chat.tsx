import { css, type Theme } from '@emotion/react';
import { useId } from 'react';
import { ChatPanel } from './chat-panel';

const frame = (theme: Theme) => css`
  height: 450px;
  max-width: 40rem;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  overflow: hidden;
`;

/** The assistant in the page itself (the support page), the same conversation as the floating one. */
export function InlineChat() {
  const id = useId();
  return (
    <div css={frame}>
      <ChatPanel titleId={`${id}-title`} />
    </div>
  );
}

export default InlineChat;
