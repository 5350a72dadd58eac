import type { StationDto } from '@grouarock/api-client';
import { Button, Card, Spinner, TransportIcon } from '@grouarock/ui';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useT } from '../../../lib/i18n';
import { useAsyncAction } from '../../../lib/use-async-action';
import { useAuth, useAuthDialog } from '../../auth';
import { readPlaylist, useMyPlaylists, type PlaylistDto } from '../api/playlists';
import { stationsOf } from '../playlist-items';
import { CreatePlaylistForm } from './create-playlist-form';
import { PlaylistEditor } from './playlist-editor';
import { PlaylistSize } from './playlist-size';
import { LoadError } from './load-error';
import { grow, heading, stack } from './styles';
import { link, muted, plainList, row } from '../../../lib/panel-styles';

/** Plays a playlist's stations in order (the radio's player); without it, a playlist is played on its own page. */
export type PlayPlaylist = (name: string, stations: readonly StationDto[]) => void;

export interface PlaylistsPanelProps {
  onPlay?: PlayPlaylist;
  /** On /profile the panel is the account's "Moje playlisty"; on /radio, "Playlisty". */
  placement?: 'radio' | 'profile';
}

function PlayButton({ playlist, onPlay }: { playlist: PlaylistDto; onPlay?: PlayPlaylist }) {
  const t = useT();
  const { run, running } = useAsyncAction(async () => {
    try {
      const detail = await readPlaylist(playlist.id);
      onPlay?.(detail.name, stationsOf(detail));
    } catch (error) {
      console.warn('Reading the playlist failed', error);
    }
  });
  const label = t('playlists.play', { name: playlist.name });
  const icon = <TransportIcon kind="play" size="1.25em" />;
  if (!playlist.stationCount) return null;
  if (!onPlay) {
    return (
      <Button asChild size="sm" variant="secondary">
        <Link to={`/playlists/${playlist.id}`} aria-label={label}>
          {icon}
        </Link>
      </Button>
    );
  }
  return (
    <Button size="sm" variant="secondary" aria-label={label} loading={running} onClick={() => void run()}>
      {icon}
    </Button>
  );
}

function PlaylistRow({ playlist, userId, maxStations, onPlay }: { playlist: PlaylistDto; userId: string; maxStations: number; onPlay?: PlayPlaylist }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const editorId = `playlist-editor-${playlist.id}`;
  return (
    <li css={stack} data-testid="playlist">
      <div css={row}>
        <PlayButton playlist={playlist} onPlay={onPlay} />
        <strong css={grow}>{playlist.name}</strong>
        <Button size="sm" variant="ghost" aria-expanded={open} aria-controls={editorId} aria-label={t('playlists.edit', { name: playlist.name })} onClick={() => setOpen(!open)}>
          {open ? t('playlists.close') : '✎'}
        </Button>
      </div>
      <div css={row}>
        <PlaylistSize count={playlist.stationCount} max={maxStations} />
        <span css={muted}>{t('playlists.tracks', { count: playlist.trackCount })}</span>
      </div>
      <div id={editorId}>{open && <PlaylistEditor id={playlist.id} userId={userId} maxStations={maxStations} />}</div>
    </li>
  );
}

/** /radio?playlist=<id> (a shared playlist's play button) plays that playlist once the radio has it. */
function useSharedPlaylistStart(onPlay: PlayPlaylist | undefined): void {
  const [params, setParams] = useSearchParams();
  const id = params.get('playlist');
  useEffect(() => {
    if (!id || !onPlay) return;
    let cancelled = false;
    readPlaylist(id)
      .then((detail) => {
        if (cancelled) return;
        setParams((current) => {
          const next = new URLSearchParams(current);
          next.delete('playlist');
          return next;
        }, { replace: true });
        onPlay(detail.name, stationsOf(detail));
      })
      .catch((error: unknown) => console.warn('The shared playlist could not be read', error));
    return () => {
      cancelled = true;
    };
  }, [id, onPlay, setParams]);
}

function MyPlaylists({ userId, onPlay }: { userId: string; onPlay?: PlayPlaylist }) {
  const t = useT();
  const { data, error, isLoading, mutate } = useMyPlaylists(userId);
  if (isLoading) return <Spinner label={t('playlists.loading')} size="sm" />;
  if (error || !data) {
    return <LoadError text={t('playlists.error')} onRetry={() => void mutate()} />;
  }
  return (
    <div css={stack}>
      <CreatePlaylistForm />
      {data.playlists.length ? (
        <ul css={plainList} data-testid="playlists">
          {data.playlists.map((playlist) => (
            <PlaylistRow key={playlist.id} playlist={playlist} userId={userId} maxStations={data.maxStationsPerPlaylist} onPlay={onPlay} />
          ))}
        </ul>
      ) : (
        <p css={muted}>{t('playlists.empty')}</p>
      )}
    </div>
  );
}

/** The account's playlists to make, change, share and play (/radio and /profile); a prompt to sign in without one. */
export function PlaylistsPanel({ onPlay, placement = 'radio' }: PlaylistsPanelProps) {
  const t = useT();
  const { status, user } = useAuth();
  const dialog = useAuthDialog();
  useSharedPlaylistStart(onPlay);
  let body;
  if (status === 'loading') body = <Spinner label={t('playlists.loading')} size="sm" />;
  else if (!user) {
    body = (
      <div css={row}>
        <p css={muted}>{t('playlists.signedOut')}</p>
        <Button size="sm" variant="secondary" onClick={() => dialog.open('login')}>
          {t('playlists.signIn')}
        </Button>
      </div>
    );
  } else if (user.is_anonymous) {
    body = (
      <div css={row}>
        <p css={muted}>{t('playlists.anonymous')}</p>
        <Link css={link} to="/profile">
          {t('playlists.createAccount')}
        </Link>
      </div>
    );
  } else body = <MyPlaylists userId={user.id} onPlay={onPlay} />;
  return (
    <Card as="section" aria-labelledby="playlists-heading" data-testid="playlists-panel">
      <div css={stack}>
        <h2 id="playlists-heading" css={heading}>
          {placement === 'profile' ? t('playlists.profile.title') : t('playlists.title')}
        </h2>
        <p css={muted}>{t('playlists.lead')}</p>
        <p css={muted}>{t('playlists.help')}</p>
        {body}
      </div>
    </Card>
  );
}

export default PlaylistsPanel;
