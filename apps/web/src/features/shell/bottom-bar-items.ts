import { externalLinks } from '../../lib/external-links';
import type { NavItem } from './nav-items';

/** The home page's floating bar below 768 px, in the spec's order. */
export const bottomBarItems: readonly NavItem[] = [
  { kind: 'route', to: '/radio', label: 'home.bottomBar.radio' },
  { kind: 'anchor', href: '/#streaming', label: 'home.bottomBar.live' },
  { kind: 'external', href: externalLinks.community, label: 'home.bottomBar.community' },
  { kind: 'route', to: '/ai-studio', label: 'home.bottomBar.aiStudio' },
];
