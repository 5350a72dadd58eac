import { css, type Theme } from '@emotion/react';
import type { MessageId } from '@grouarock/i18n';
import { Button, Card, Spinner, TextField, useToast } from '@grouarock/ui';
import { Suspense, useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { schemaResolver, type FormSchema } from '../../../lib/form-schema';
import { useT } from '../../../lib/i18n';
import { useAsyncAction } from '../../../lib/use-async-action';
import { OfflineStorage, StudioTrackOffline, useOfflineSource } from '../../offline';
import { deleteTrack, downloadUrl, renameTrack, useLibrary, useStudioChanged, type StudioGenre, type TrackDto } from '../api/studio';
import { formatDuration, SAMPLES, TITLE_MAX } from '../options';
import { panelHeading } from './styles';
import { TrackPlayer } from './track-player';

const list = (theme: Theme) => css`
  display: grid;
  gap: ${theme.space[3]};
  margin: 0 0 ${theme.space[6]};
  padding: 0;
  list-style: none;
`;

const item = (theme: Theme) => css`
  display: grid;
  grid-template-columns: 96px minmax(0, 1fr);
  gap: ${theme.space[4]};

  img {
    width: 96px;
    height: 96px;
    border-radius: ${theme.radii.sm};
  }

  h3 {
    margin: 0;
    font-size: ${theme.fontSizes.lg};
    overflow-wrap: anywhere;
  }

  ${theme.mq.belowMobile} {
    grid-template-columns: 64px minmax(0, 1fr);

    img {
      width: 64px;
      height: 64px;
    }
  }
`;

const actions = (theme: Theme) => css`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[2]};
  margin-top: ${theme.space[2]};
`;

const muted = (theme: Theme) => css`
  margin: 0;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`;

interface RenameValues {
  title: string;
}

/** A new name is not empty (the save button waits for one). */
export const renameSchema: FormSchema<RenameValues> = ({ title }) => (title.trim() ? {} : { title: 'studio.library.titleRequired' });

function LibraryTrack({ track, userId, onChanged }: { track: TrackDto; userId: string; onChanged: () => Promise<void> }) {
  const t = useT();
  // A track kept offline plays from its kept copy (features/offline), so it plays without the network too.
  const playFrom = useOfflineSource(userId, 'studio', track.id, track.audio_url);
  const intl = useIntl();
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const { register, handleSubmit, reset, setFocus, control, formState } = useForm<RenameValues>({
    resolver: schemaResolver(renameSchema),
    defaultValues: { title: track.title },
  });
  const title = useWatch({ control, name: 'title' });
  // The rename field takes the focus when it opens (the user asked for it by pressing "Rename").
  useEffect(() => {
    if (editing) setFocus('title');
  }, [editing, setFocus]);

  // One action at a time on a track: a second click while one runs is ignored.
  const { run: act, running: busy } = useAsyncAction(async (work: () => Promise<unknown>, done: MessageId) => {
    try {
      await work();
      toast.show({ tone: 'success', title: t(done) });
      await onChanged();
      return true;
    } catch (error) {
      console.error('A library action failed', error);
      toast.show({ tone: 'error', title: t('studio.toast.actionFailed') });
      return false;
    }
  });

  const rename = handleSubmit(async ({ title: next }) => {
    if (await act(() => renameTrack(track.id, next.trim()), 'studio.toast.renamed')) setEditing(false);
  });

  const remove = () => {
    if (window.confirm(t('studio.library.confirmDelete', { title: track.title }))) void act(() => deleteTrack(track.id), 'studio.toast.deleted');
  };

  return (
    <Card as="li" css={item} data-testid="library-track">
      <img src={track.image_url} alt="" loading="lazy" />
      <div>
        {editing ? (
          <form onSubmit={(e) => void rename(e)} css={actions} noValidate>
            <TextField
              label={t('studio.library.renameLabel')}
              maxLength={TITLE_MAX}
              error={formState.errors.title?.message ? t(formState.errors.title.message as MessageId) : undefined}
              {...register('title')}
            />
            <Button type="submit" size="sm" loading={busy} disabled={!title.trim()}>
              {t('studio.library.save')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => (setEditing(false), reset({ title: track.title }))}>
              {t('studio.library.cancel')}
            </Button>
          </form>
        ) : (
          <h3>{track.title}</h3>
        )}
        <p css={muted}>
          {t('studio.library.meta', {
            artist: track.artist,
            genre: t(`studio.genre.${track.genre as StudioGenre}` as MessageId),
            duration: formatDuration(track.duration),
            date: intl.formatDate(track.created_at, { dateStyle: 'medium' }),
          })}{' '}
          · {t(track.engine === 'builtin' ? 'studio.library.engineBuiltin' : 'studio.library.engineProvider')}
        </p>
        <TrackPlayer track={{ ...track, audio_url: playFrom }} showWave={false} />
        <div css={actions}>
          <Button asChild size="sm" variant="secondary">
            <a href={downloadUrl(track)} download>
              {t('studio.library.download')}
            </a>
          </Button>
          {!editing ? (
            <Button size="sm" variant="ghost" onClick={() => setEditing(true)} disabled={busy}>
              {t('studio.library.rename')}
            </Button>
          ) : null}
          <Button size="sm" variant="ghost" onClick={remove} disabled={busy}>
            {t('studio.library.delete')}
          </Button>
          <Suspense fallback={null}>
            <StudioTrackOffline userId={userId} track={track} />
          </Suspense>
        </div>
      </div>
    </Card>
  );
}

/** My Library: the user's tracks (play, download, rename, delete) and example descriptions to start from. */
export function LibraryPanel({ userId, onUseSample }: { userId: string | null; onUseSample: (prompt: string, genre: StudioGenre) => void }) {
  const t = useT();
  const library = useLibrary(userId);
  const changed = useStudioChanged();

  return (
    <div>
      <h2 css={panelHeading}>{t('studio.library.heading')}</h2>
      {!userId ? (
        <p css={muted}>{t('studio.library.signIn')}</p>
      ) : library.error ? (
        <p css={muted} role="alert">
          {t('studio.library.error')}{' '}
          <Button size="sm" variant="secondary" onClick={() => void library.mutate()}>
            {t('studio.library.retry')}
          </Button>
        </p>
      ) : !library.data ? (
        <Spinner label={t('common.loading')} />
      ) : library.data.tracks.length === 0 ? (
        <p css={muted}>{t('studio.library.empty')}</p>
      ) : (
        <ul css={list} aria-label={t('studio.library.heading')}>
          {library.data.tracks.map((track) => (
            <LibraryTrack key={`${track.id}-${track.title}`} track={track} userId={userId} onChanged={() => changed(userId)} />
          ))}
        </ul>
      )}
      {userId ? (
        <Suspense fallback={null}>
          <OfflineStorage userId={userId} />
        </Suspense>
      ) : null}
      <h2 css={panelHeading}>{t('studio.samples.heading')}</h2>
      <p css={muted}>{t('studio.samples.lead')}</p>
      <ul css={list}>
        {SAMPLES.map(({ n, genre }) => {
          const prompt = t(`studio.sample.${n}.prompt` as MessageId);
          return (
            <Card as="li" key={n}>
              <h3>{t(`studio.sample.${n}.title` as MessageId)}</h3>
              <p css={muted}>
                {t(`studio.genre.${genre}` as MessageId)} · {prompt}
              </p>
              <div css={actions}>
                <Button size="sm" variant="secondary" onClick={() => onUseSample(prompt, genre)}>
                  {t('studio.samples.use')}
                </Button>
              </div>
            </Card>
          );
        })}
      </ul>
    </div>
  );
}
