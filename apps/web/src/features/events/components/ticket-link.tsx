import { css, type Theme } from '@emotion/react';
import { Button } from '@grouarock/ui';
import { Root as VisuallyHidden } from '@radix-ui/react-visually-hidden';
import { type MouseEvent, useMemo } from 'react';
import { useT } from '../../../lib/i18n';
import { NewTabHint } from '../../../lib/new-tab-hint';
import { recordTicketClick } from '../affiliate-click';
import type { EventDto } from '../api/events';
import { ticketUrl } from '../ticket-url';
import { TicketIcon } from './icons';

/** Pushed to the bottom of the card, so the buttons of cards side by side line up. */
const actions = (theme: Theme) => css`
  margin: auto 0 0;
  padding-top: ${theme.space[2]};

  & a:focus-visible {
    outline: 3px solid ${theme.colors.focusRing};
    outline-offset: 2px;
  }
`;

export interface TicketLinkProps {
  event: Pick<EventDto, 'id' | 'title' | 'ticket_url'>;
}

/**
 * The event's ticket link: opens the seller in a new tab with our ref and event parameters and records the click
 * (a left click, Enter, or a middle click opening a tab). Recording never holds the navigation up.
 */
export function TicketLink({ event }: TicketLinkProps) {
  const t = useT();
  const href = useMemo(() => ticketUrl(event.ticket_url, event.id), [event.ticket_url, event.id]);
  if (!href) return null;
  const record = () => void recordTicketClick(event.id, href);
  // Which event the link is for, for screen readers (every card's button says the same).
  const context = ` ${t('events.card.ticketsFor', { title: event.title })}`;
  return (
    <p css={actions}>
      <Button asChild variant="primary">
        <a
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          onClick={record}
          onAuxClick={(e: MouseEvent) => {
            if (e.button === 1) record();
          }}
        >
          <TicketIcon />
          {t('events.card.tickets')}
          <VisuallyHidden>{context}</VisuallyHidden>
          <NewTabHint />
        </a>
      </Button>
    </p>
  );
}
