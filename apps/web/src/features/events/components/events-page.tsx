import { css, type Theme } from '@emotion/react';
import { displayHeading } from '@grouarock/ui';
import { useEffect, useState } from 'react';
import { useDocumentMeta } from '../../../lib/document-meta';
import { useT } from '../../../lib/i18n';
import { eventsApi, type EventDto } from '../api/events-api';
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

type Loaded = { status: 'loading' } | { status: 'error' } | { status: 'ready'; events: EventDto[] };

export interface EventsPageProps {
  /** The upcoming events; from the API by default. */
  load?: () => Promise<EventDto[]>;
}

/** /events: the upcoming events in a carousel, each with its ticket link; loading, error and empty states. */
export default function EventsPage({ load = eventsApi.upcoming }: EventsPageProps) {
  const t = useT();
  useDocumentMeta({ title: t('events.meta.title'), description: t('events.meta.description') }, t('meta.title'));
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    load().then(
      (events) => {
        if (active) setLoaded({ status: 'ready', events });
      },
      (error: unknown) => {
        console.warn('The events could not be loaded', error);
        if (active) setLoaded({ status: 'error' });
      },
    );
    return () => {
      active = false;
    };
  }, [load, attempt]);

  const retry = () => {
    setLoaded({ status: 'loading' });
    setAttempt((n) => n + 1);
  };

  return (
    <div css={page}>
      <header css={header}>
        <h1 css={heading}>{t('events.title')}</h1>
        <p css={intro}>{t('events.intro')}</p>
      </header>
      {loaded.status === 'loading' ? <EventsSkeleton /> : null}
      {loaded.status === 'error' ? <EventsError onRetry={retry} /> : null}
      {loaded.status === 'ready' && loaded.events.length === 0 ? <EventsEmpty /> : null}
      {loaded.status === 'ready' && loaded.events.length > 0 ? <EventsCarousel events={loaded.events} /> : null}
    </div>
  );
}
