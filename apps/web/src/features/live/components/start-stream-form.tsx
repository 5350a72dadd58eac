import { css, type Theme } from '@emotion/react';
import { Button, Select, TextArea, TextField, useToast } from '@grouarock/ui';
import type { MessageId } from '@grouarock/i18n';
import { type FormEvent, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { useAuthDialog } from '../../auth';
import { STREAM_GENRES, startFailure, startStream, type CreatedStreamDto, type StreamGenre } from '../api/streams';
import { block, muted, subheading } from './styles';

/** The API's limits (live.dto.ts). */
export const TITLE_MAX = 100;
export const DESCRIPTION_MAX = 500;

const form = (theme: Theme) => css`
  display: grid;
  gap: ${theme.space[3]};
  max-width: 36rem;
`;

/**
 * "Start my stream": title, optional description, genre. Signed out, the start asks to sign in; while the user has a
 * stream that has not ended, the button reads "Stream Aktywny" and is disabled (the spec's states and toasts).
 */
export function StartStreamForm({ signedIn, active, onCreated }: { signedIn: boolean; active: boolean; onCreated: (created: CreatedStreamDto) => void }) {
  const t = useT();
  const toast = useToast();
  const dialog = useAuthDialog();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [genre, setGenre] = useState<StreamGenre | ''>('');
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending || active) return;
    if (!signedIn) {
      toast.show({ tone: 'error', title: t('live.toast.signedOut') });
      dialog.open('login');
      return;
    }
    if (!title.trim() || !genre) {
      toast.show({ tone: 'error', title: t('live.toast.missing') });
      return;
    }
    setPending(true);
    try {
      const created = await startStream({ title: title.trim(), description: description.trim() || undefined, genre });
      toast.show({ tone: 'success', title: t('live.toast.started'), description: t('live.toast.startedPromise') });
      setTitle('');
      setDescription('');
      setGenre('');
      onCreated(created);
    } catch (error) {
      console.error('Starting the stream failed', error);
      toast.show({ tone: 'error', title: t(startFailure(error)) });
    } finally {
      setPending(false);
    }
  };

  return (
    <div css={block}>
      <h3 css={subheading}>{t('live.form.heading')}</h3>
      {!signedIn ? (
        <p css={muted}>
          {t('live.form.signedOut')}{' '}
          <Button variant="ghost" size="sm" onClick={() => dialog.open('login')}>
            {t('live.form.signIn')}
          </Button>
        </p>
      ) : null}
      <form css={form} onSubmit={(e) => void submit(e)} noValidate>
        <TextField label={t('live.form.title')} value={title} maxLength={TITLE_MAX} required onChange={(e) => setTitle(e.target.value)} disabled={active} />
        <TextArea label={t('live.form.description')} value={description} maxLength={DESCRIPTION_MAX} onChange={(e) => setDescription(e.target.value)} disabled={active} />
        <Select
          label={t('live.form.genre')}
          placeholder={t('live.form.genrePlaceholder')}
          value={genre}
          onValueChange={(value) => setGenre(value as StreamGenre)}
          options={STREAM_GENRES.map((value) => ({ value, label: t(`live.genre.${value}` as MessageId) }))}
          required
          disabled={active}
        />
        <Button type="submit" disabled={active} loading={pending}>
          {t(active ? 'live.form.active' : 'live.form.start')}
        </Button>
      </form>
    </div>
  );
}
