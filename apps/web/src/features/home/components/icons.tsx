import { LineIcon } from '@grouarock/ui';
import type { ReactNode } from 'react';

/** Decorative line icons of the home page (the text next to them names the thing). */
const Icon = ({ children }: { children: ReactNode }) => <LineIcon size={28}>{children}</LineIcon>;

export const CommunityIcon = () => (
  <Icon>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20c0-3.6 2.9-6 6.5-6s6.5 2.4 6.5 6" />
    <circle cx="17" cy="9" r="2.5" />
    <path d="M16 14.2c3 .1 5.5 2.2 5.5 5.3" />
  </Icon>
);

export const RadioIcon = () => (
  <Icon>
    <rect x="2.5" y="8" width="19" height="13" rx="2" />
    <path d="M7 8 17 3" />
    <circle cx="15.5" cy="14.5" r="3" />
    <path d="M6 12.5h4M6 16.5h4" />
  </Icon>
);

export const LiveIcon = () => (
  <Icon>
    <circle cx="12" cy="12" r="2.5" />
    <path d="M7.8 7.8a6 6 0 0 0 0 8.4M16.2 7.8a6 6 0 0 1 0 8.4" />
    <path d="M4.9 4.9a10 10 0 0 0 0 14.2M19.1 4.9a10 10 0 0 1 0 14.2" />
  </Icon>
);

export const AssistantIcon = () => (
  <Icon>
    <rect x="4" y="7" width="16" height="13" rx="3" />
    <path d="M12 3v4M9 13h.01M15 13h.01M9.5 17h5" />
  </Icon>
);

export const EventsIcon = () => (
  <Icon>
    <rect x="3" y="5" width="18" height="16" rx="2" />
    <path d="M3 10h18M8 3v4M16 3v4" />
  </Icon>
);

export const MarketIcon = () => (
  <Icon>
    <path d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.8a2 2 0 0 0 2-1.5L21 8H6" />
    <circle cx="10" cy="20.5" r="1" />
    <circle cx="17" cy="20.5" r="1" />
  </Icon>
);

export const ChatIcon = () => (
  <Icon>
    <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20.5l1.4-4.7A8 8 0 1 1 21 12Z" />
  </Icon>
);

export const CirclesIcon = () => (
  <Icon>
    <circle cx="8" cy="9" r="5" />
    <circle cx="16" cy="9" r="5" />
    <circle cx="12" cy="15.5" r="5" />
  </Icon>
);

export const MusicianIcon = () => (
  <Icon>
    <path d="M9 18V5l12-2v13" />
    <circle cx="6" cy="18" r="3" />
    <circle cx="18" cy="16" r="3" />
  </Icon>
);
