import { css, type Theme } from '@emotion/react';
import { Button, Select, TextArea, TextField, useToast } from '@grouarock/ui';
import type { MessageId } from '@grouarock/i18n';
import type { FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { firstProblem, schemaResolver, type FormSchema } from '../../../lib/form-schema';
import { useT } from '../../../lib/i18n';
import { useAuthDialog } from '../../auth';
import { STREAM_GENRES, startFailure, startStream, type CreatedStreamDto, type StreamGenre } from '../api/streams';
import { block, muted, subheading } from './styles';
import { UltraOnlyField } from './ultra-only-field';

/** The API's limits (live.dto.ts). */
export const TITLE_MAX = 100;
export const DESCRIPTION_MAX = 500;

const form = (theme: Theme) => css`
  display: grid;
  gap: ${theme.space[3]};
  max-width: 36rem;
`;

interface StartStreamValues {
  title: string;
  description: string;
  genre: StreamGenre | '';
  /** "Tylko dla Ultra": only Ultra members (and the owner) may watch. */
  ultraOnly: boolean;
}

const EMPTY: StartStreamValues = { title: '', description: '', genre: '', ultraOnly: false };

/** A title and a genre (the description is optional); one message for either missing, as the spec words it. */
export const startStreamSchema: FormSchema<StartStreamValues> = ({ title, genre }) => ({
  ...(title.trim() ? {} : { title: 'live.toast.missing' }),
  ...(genre ? {} : { genre: 'live.toast.missing' }),
});

/**
 * "Start my stream": title, optional description, genre. Signed out, the start asks to sign in; while the user has a
 * stream that has not ended, the button reads "Stream Aktywny" and is disabled (the spec's states and toasts).
 */
export function StartStreamForm({ signedIn, active, onCreated }: { signedIn: boolean; active: boolean; onCreated: (created: CreatedStreamDto) => void }) {
  const t = useT();
  const toast = useToast();
  const dialog = useAuthDialog();
  const { register, handleSubmit, control, setValue, reset, formState } = useForm<StartStreamValues>({
    resolver: schemaResolver(startStreamSchema),
    defaultValues: EMPTY,
  });
  const genre = useWatch({ control, name: 'genre' });
  const ultraOnly = useWatch({ control, name: 'ultraOnly' });
  const pending = formState.isSubmitting;

  const start = handleSubmit(
    async ({ title, description, genre, ultraOnly }) => {
      try {
        const created = await startStream({ title: title.trim(), description: description.trim() || undefined, genre: genre as StreamGenre, audience: ultraOnly ? 'ultra' : 'everyone' });
        toast.show({ tone: 'success', title: t('live.toast.started'), description: t('live.toast.startedPromise') });
        reset(EMPTY);
        onCreated(created);
      } catch (error) {
        console.error('Starting the stream failed', error);
        toast.show({ tone: 'error', title: t(startFailure(error)) });
      }
    },
    (errors) => toast.show({ tone: 'error', title: t(firstProblem(errors) ?? 'live.toast.missing') }),
  );

  // Signed out, the start asks to sign in before anything the fields lack is said.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending || active) return;
    if (!signedIn) {
      toast.show({ tone: 'error', title: t('live.toast.signedOut') });
      dialog.open('login');
      return;
    }
    void start(event);
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
      <form css={form} onSubmit={submit} noValidate>
        <TextField label={t('live.form.title')} maxLength={TITLE_MAX} required disabled={active} {...register('title')} />
        <TextArea label={t('live.form.description')} maxLength={DESCRIPTION_MAX} disabled={active} {...register('description')} />
        <Select
          label={t('live.form.genre')}
          placeholder={t('live.form.genrePlaceholder')}
          value={genre}
          onValueChange={(value) => setValue('genre', value as StreamGenre)}
          options={STREAM_GENRES.map((value) => ({ value, label: t(`live.genre.${value}` as MessageId) }))}
          required
          disabled={active}
        />
        <UltraOnlyField checked={ultraOnly} onChange={(checked) => setValue('ultraOnly', checked)} disabled={active} />
        <Button type="submit" disabled={active} loading={pending}>
          {t(active ? 'live.form.active' : 'live.form.start')}
        </Button>
      </form>
    </div>
  );
}
