import { css, type Theme } from '@emotion/react';
import type { MessageId } from '@grouarock/i18n';
import { Badge, Card, displayHeading } from '@grouarock/ui';
import { Root as VisuallyHidden } from '@radix-ui/react-visually-hidden';
import { useIntl } from 'react-intl';
import { useT } from '../../../lib/i18n';
import type { EventCategory, EventDto } from '../api/events';
import { EventImage } from './event-image';
import { CalendarIcon, PinIcon, TicketIcon } from './icons';
import { TicketLink } from './ticket-link';

export const categoryLabels: Record<EventCategory, MessageId> = {
  Festival: 'events.category.festival',
  Concert: 'events.category.concert',
  Tribute: 'events.category.tribute',
};

/**
 * Event times are shown in Polish time: the events are Polish concerts and festivals, and a visitor abroad still
 * needs the time printed on the ticket.
 */
export const eventsTimeZone = 'Europe/Warsaw';

const card = css`
  height: 100%;
`;

const badgeRow = css`
  display: flex;
  margin-top: -0.25rem;
`;

const title = (theme: Theme) => css`
  margin: 0;
  ${displayHeading(theme)}
  font-size: ${theme.fontSizes['2xl']};
  line-height: ${theme.lineHeights.snug};
  overflow-wrap: anywhere;
`;

const artist = (theme: Theme) => css`
  margin: 0;
  color: ${theme.colors.secondary};
  font-weight: ${theme.fontWeights.semibold};
`;

const facts = (theme: Theme) => css`
  display: grid;
  gap: ${theme.space[2]};
  margin: 0;

  & dd {
    display: flex;
    align-items: flex-start;
    gap: ${theme.space[2]};
    margin: 0;
  }

  & svg {
    flex: none;
    margin-top: 0.1em;
    color: ${theme.colors.accentText};
  }
`;

const price = (theme: Theme) => css`
  font-weight: ${theme.fontWeights.bold};
  font-size: ${theme.fontSizes.lg};
`;

const description = (theme: Theme) => css`
  margin: 0;
  color: ${theme.colors.textMuted};
  line-height: ${theme.lineHeights.normal};
`;

/** One event: image, category, title, artist, when, where, price, description and the ticket link. */
export function EventCard({ event }: { event: EventDto }) {
  const t = useT();
  const intl = useIntl();
  const amount = Number(event.price);
  const headingId = `event-${event.id}-title`;
  return (
    <Card as="article" css={card} aria-labelledby={headingId}>
      <EventImage src={event.image_url} alt={t('events.card.imageAlt', { title: event.title })} />
      <div css={badgeRow}>
        <Badge tone={event.category === 'Festival' ? 'secondary' : 'neutral'}>{t(categoryLabels[event.category])}</Badge>
      </div>
      <h3 id={headingId} css={title}>
        {event.title}
      </h3>
      <p css={artist}>{event.artist}</p>
      <dl css={facts}>
        <div>
          <VisuallyHidden asChild>
            <dt>{t('events.card.when')}</dt>
          </VisuallyHidden>
          <dd>
            <CalendarIcon />
            <time dateTime={event.event_date}>
              {intl.formatDate(event.event_date, {
                weekday: 'long',
                day: 'numeric',
                month: 'long',
                year: 'numeric',
                hour: '2-digit',
                minute: '2-digit',
                timeZone: eventsTimeZone,
              })}
            </time>
          </dd>
        </div>
        <div>
          <VisuallyHidden asChild>
            <dt>{t('events.card.where')}</dt>
          </VisuallyHidden>
          <dd>
            <PinIcon />
            {t('events.card.place', { venue: event.venue, location: event.location })}
          </dd>
        </div>
        <div>
          <VisuallyHidden asChild>
            <dt>{t('events.card.price')}</dt>
          </VisuallyHidden>
          <dd css={price}>
            <TicketIcon />
            {amount === 0 ? t('events.card.free') : intl.formatNumber(amount, { style: 'currency', currency: 'PLN' })}
          </dd>
        </div>
      </dl>
      <p css={description}>{event.description}</p>
      <TicketLink event={event} />
    </Card>
  );
}
