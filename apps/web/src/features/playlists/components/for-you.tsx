import type { StationDto } from '@grouarock/api-client';
import { css, type Theme } from '@emotion/react';
import { Button, Card, Spinner } from '@grouarock/ui';
import { Link } from 'react-router-dom';
import { useT } from '../../../lib/i18n';
import { useAuth } from '../../auth';
import { useEntitlements } from '../../subscription';
import { useForYou, type ForYouTrackDto } from '../api/playlists';
import { LoadError } from './load-error';
import { heading, stack } from './styles';
import { link, muted, row } from '../../../lib/panel-styles';

export interface ForYouProps {
  /** The catalogue, to name and play the stations a track was heard on. */
  stations: readonly StationDto[];
  onPlay: (station: StationDto) => void;
}

const tracks = (theme: Theme) => css`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr));
  gap: ${theme.space[3]};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const trackCard = (theme: Theme) => css`
  display: grid;
  gap: ${theme.space[2]};
  padding: ${theme.space[3]};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  overflow-wrap: anywhere;
`;

/** Playable stations a track was heard on: at most two, the most recent first. */
function TrackCard({ track, stations, onPlay }: { track: ForYouTrackDto } & ForYouProps) {
  const t = useT();
  const playable = track.stationIds.flatMap((id) => stations.filter((s) => s.id === id)).slice(0, 2);
  return (
    <li css={trackCard}>
      <strong>{t('playlists.forYou.track', { artist: track.artist, title: track.title })}</strong>
      <div css={row}>
        {playable.map((station) => (
          <Button key={station.id} size="sm" variant="secondary" onClick={() => onPlay(station)}>
            {t('playlists.forYou.playOn', { station: station.name })}
          </Button>
        ))}
      </div>
    </li>
  );
}

function Recommendations({ userId, ...props }: { userId: string } & ForYouProps) {
  const t = useT();
  const { data, error, isLoading, mutate } = useForYou(userId, true);
  if (isLoading) return <Spinner label={t('playlists.forYou.loading')} size="sm" />;
  if (error || !data) {
    return <LoadError text={t('playlists.forYou.error')} onRetry={() => void mutate()} />;
  }
  if (!data.tracks.length) return <p css={muted}>{t('playlists.forYou.empty')}</p>;
  return (
    <ul css={tracks} data-testid="for-you-tracks">
      {data.tracks.map((track) => (
        <TrackCard key={track.id} track={track} {...props} />
      ))}
    </ul>
  );
}

/** "Dla Ciebie" on /radio: recommendations for a paid plan, and what the plan would give for Basic (never hidden). */
export function ForYou(props: ForYouProps) {
  const t = useT();
  const { user } = useAuth();
  const entitlements = useEntitlements(user?.id ?? null);
  const allowed = entitlements.data?.limits.recommendations === true;
  // The plan is not known yet: nothing is claimed either way.
  const settling = Boolean(user) && entitlements.isLoading;
  return (
    <Card as="section" aria-labelledby="for-you-heading" data-testid="for-you">
      <div css={stack}>
        <h2 id="for-you-heading" css={heading}>
          {t('playlists.forYou.title')}
        </h2>
        {settling ? (
          <Spinner label={t('playlists.forYou.loading')} size="sm" />
        ) : user && entitlements.error ? (
          <LoadError text={t('playlists.forYou.error')} onRetry={() => void entitlements.mutate()} />
        ) : allowed && user ? (
          <>
            <p css={muted}>{t('playlists.forYou.lead')}</p>
            <Recommendations userId={user.id} {...props} />
          </>
        ) : (
          <div css={row} data-testid="for-you-teaser">
            <p css={muted}>{t('playlists.forYou.teaser')}</p>
            <Link css={link} to="/subscription">
              {t('playlists.forYou.upgrade')}
            </Link>
          </div>
        )}
      </div>
    </Card>
  );
}

export default ForYou;
