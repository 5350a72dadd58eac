import { Button, Card, Page, PageTitle, Spinner, Stack } from '@grouarock/ui';
import { Link, useParams } from 'react-router-dom';
import { ApiError } from '../../../lib/api';
import { useDocumentMeta } from '../../../lib/document-meta';
import { useT } from '../../../lib/i18n';
import { useAuth } from '../../auth';
import { usePlaylist, type PlaylistDetailDto } from '../api/playlists';
import { stationCount } from '../playlist-items';
import { LoadError } from './load-error';

import { link, muted, plainList, row } from '../../../lib/panel-styles';

function Entries({ playlist }: { playlist: PlaylistDetailDto }) {
  const t = useT();
  if (!playlist.items.length) return <p css={muted}>{t('playlists.page.empty')}</p>;
  return (
    <ol css={plainList} aria-label={t('playlists.items.label')} data-testid="playlist-items">
      {playlist.items.map((item, index) => (
        <li key={`${index}-${item.station?.id ?? item.track?.id ?? ''}`}>
          {item.type === 'station'
            ? t('playlists.item.station', { name: item.station?.name ?? '' })
            : t('playlists.item.track', { artist: item.track?.artist ?? '', title: item.track?.title ?? '' })}
        </li>
      ))}
    </ol>
  );
}

/** /playlists/:id: a shared (public) playlist, or the owner's own, with its entries and a play button (on /radio). */
export function PlaylistPage() {
  const t = useT();
  const { id = '' } = useParams();
  const { user, status } = useAuth();
  const { data, error, isLoading, mutate } = usePlaylist(status === 'loading' ? null : id, user?.id ?? null);
  useDocumentMeta({ title: t('playlists.page.meta', { name: data?.name ?? t('playlists.title') }) }, t('meta.title'));

  let body;
  if (isLoading || status === 'loading') body = <Spinner label={t('playlists.loading')} size="lg" />;
  else if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
    body = (
      <div css={row}>
        <p>{t('playlists.page.notFound')}</p>
        <Link css={link} to="/radio">
          {t('playlists.page.toRadio')}
        </Link>
      </div>
    );
  } else if (error || !data) {
    body = <LoadError text={t('playlists.error')} onRetry={() => void mutate()} />;
  } else {
    body = (
      <Card as="section" aria-label={data.name}>
        <Stack gap={3}>
          {data.ownerName && <p css={muted}>{t('playlists.page.owner', { owner: data.ownerName })}</p>}
          {data.description && <p>{data.description}</p>}
          {stationCount(data.items) > 0 && (
            <div css={row}>
              <Button asChild>
                <Link to={`/radio?playlist=${data.id}`}>{t('playlists.page.play')}</Link>
              </Button>
            </div>
          )}
          <Entries playlist={data} />
        </Stack>
      </Card>
    );
  }

  return (
    <Page width="narrow">
      <Stack gap={4}>
        <PageTitle size="md">{data?.name ?? t('playlists.title')}</PageTitle>
        {body}
      </Stack>
    </Page>
  );
}

export default PlaylistPage;
