import { Page, PageTitle } from '@grouarock/ui';
import { useDocumentMeta } from '../../../lib/document-meta';
import { useT } from '../../../lib/i18n';
import { useUpcomingEvents } from '../api/events';
import { EventsCarousel } from './events-carousel';
import { EventsEmpty, EventsError, EventsSkeleton } from './events-states';

/** /events: the upcoming events in a carousel, each with its ticket link; loading, error and empty states. */
export default function EventsPage() {
  const t = useT();
  useDocumentMeta({ title: t('events.meta.title'), description: t('events.meta.description') }, t('meta.title'));
  const { data: events, error, isLoading, mutate } = useUpcomingEvents();

  return (
    <Page>
      <PageTitle lead={t('events.intro')}>{t('events.title')}</PageTitle>
      {isLoading ? <EventsSkeleton /> : null}
      {error && !isLoading ? <EventsError onRetry={() => void mutate()} /> : null}
      {events && !error && !isLoading ? events.length ? <EventsCarousel events={events} /> : <EventsEmpty /> : null}
    </Page>
  );
}
