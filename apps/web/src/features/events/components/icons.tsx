import { LineIcon } from '@grouarock/ui';
import type { ReactNode } from 'react';

/** Decorative icons of the events page (the text or the button label next to them says what they mean). */
const Icon = ({ children }: { children: ReactNode }) => <LineIcon>{children}</LineIcon>;

export const CalendarIcon = () => (
  <Icon>
    <rect x="3" y="5" width="18" height="16" rx="2" />
    <path d="M3 10h18M8 3v4M16 3v4" />
  </Icon>
);

export const PinIcon = () => (
  <Icon>
    <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z" />
    <circle cx="12" cy="9.5" r="2.5" />
  </Icon>
);

export const TicketIcon = () => (
  <Icon>
    <path d="M3 8a2 2 0 0 0 2-2h14a2 2 0 0 0 2 2v2a2 2 0 0 0 0 4v2a2 2 0 0 0-2 2H5a2 2 0 0 0-2-2v-2a2 2 0 0 0 0-4z" />
    <path d="M14 6v12" strokeDasharray="2 2" />
  </Icon>
);

export const PreviousIcon = () => (
  <Icon>
    <path d="M15 5l-7 7 7 7" />
  </Icon>
);

export const NextIcon = () => (
  <Icon>
    <path d="M9 5l7 7-7 7" />
  </Icon>
);
