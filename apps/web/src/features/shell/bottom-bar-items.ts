import { externalLinks } from '../../lib/external-links';
import type { NavItem } from './nav-items';

/** The home page's floating bar below 768 px, in the product's order. */
export const bottomBarItems: readonly NavItem[] = [
  { kind: 'route', to: '/radio', label: 'bottomBar.radio' },
  { kind: 'anchor', href: '/#streaming', label: 'bottomBar.live' },
  { kind: 'external', href: externalLinks.community, label: 'bottomBar.community' },
  { kind: 'route', to: '/ai-studio', label: 'bottomBar.aiStudio' },
];
