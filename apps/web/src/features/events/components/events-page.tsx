import { css, type Theme } from '@emotion/react';
import { displayHeading } from '@grouarock/ui';
import { useDocumentMeta } from '../../../lib/document-meta';
import { useT } from '../../../lib/i18n';
import { useUpcomingEvents } from '../api/events';
import { EventsCarousel } from './events-carousel';
import { EventsEmpty, EventsError, EventsSkeleton } from './events-states';

const page = (theme: Theme) => css`
  max-width: 80rem;
  margin: 0 auto;
  padding: ${theme.space[7]} ${theme.space[4]} ${theme.space[8]};

  ${theme.mq.belowMobile} {
    padding: ${theme.space[5]} ${theme.space[2]} ${theme.space[7]};
  }
`;

const header = (theme: Theme) => css`
  margin: 0 ${theme.space[2]} ${theme.space[5]};
`;

const heading = (theme: Theme) => css`
  margin: 0 0 ${theme.space[3]};
  ${displayHeading(theme)}
  font-size: clamp(${theme.fontSizes['3xl']}, 8vw, ${theme.fontSizes['5xl']});
  line-height: 1.05;
`;

const intro = (theme: Theme) => css`
  max-width: 48rem;
  margin: 0;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.lg};
  line-height: ${theme.lineHeights.normal};
`;

/** /events: the upcoming events in a carousel, each with its ticket link; loading, error and empty states. */
export default function EventsPage() {
  const t = useT();
  useDocumentMeta({ title: t('events.meta.title'), description: t('events.meta.description') }, t('meta.title'));
  const { data: events, error, isLoading, mutate } = useUpcomingEvents();

  return (
    <div css={page}>
      <header css={header}>
        <h1 css={heading}>{t('events.title')}</h1>
        <p css={intro}>{t('events.intro')}</p>
      </header>
      {isLoading ? <EventsSkeleton /> : null}
      {error && !isLoading ? <EventsError onRetry={() => void mutate()} /> : null}
      {events && !error && !isLoading ? events.length ? <EventsCarousel events={events} /> : <EventsEmpty /> : null}
    </div>
  );
}
