import { lazy } from 'react';
import { withMessages } from '../../lib/locale-messages';

/** The floating assistant (home page and /radio), loaded with its texts after the page itself. */
export const ChatWidget = lazy(withMessages(['assistant'], () => import('./components/chat-widget')));

/** The assistant inside a page (/support). */
export const InlineChat = lazy(withMessages(['assistant'], () => import('./components/inline-chat')));
