import type { MessageId } from '@grouarock/i18n';
import { externalLinks } from '../../lib/external-links';

export type NavItem =
  | { kind: 'route'; to: string; label: MessageId }
  | { kind: 'anchor'; href: string; label: MessageId }
  | { kind: 'external'; href: string; label: MessageId };

/** The header's links, in the product's order. Streaming is the live section of the home page. */
export const navItems: readonly NavItem[] = [
  { kind: 'route', to: '/radio', label: 'nav.radio' },
  { kind: 'route', to: '/events', label: 'nav.events' },
  { kind: 'anchor', href: '/#streaming', label: 'nav.streaming' },
  { kind: 'route', to: '/ai-studio', label: 'nav.aiStudio' },
  { kind: 'route', to: '/api', label: 'nav.api' },
  { kind: 'external', href: externalLinks.shop, label: 'nav.shop' },
];
