import { css, type Theme } from '@emotion/react';
import { useId } from 'react';
import { useHydrated } from '../../../lib/use-hydrated';
import { ChatPanel } from './chat-panel';

const frame = (theme: Theme) => css`
  height: 450px;
  max-width: 40rem;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  overflow: hidden;
`;

/**
 * The assistant in the page itself (the support page), the same conversation as the floating one. The conversation
 * is this tab's (sessionStorage), so the prerendered page holds the frame's place and the panel fills it once hydrated.
 */
export function InlineChat() {
  const id = useId();
  const hydrated = useHydrated();
  return <div css={frame}>{hydrated ? <ChatPanel titleId={`${id}-title`} /> : null}</div>;
}

export default InlineChat;
