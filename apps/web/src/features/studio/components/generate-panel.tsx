import { css, type Theme } from '@emotion/react';
import type { MessageId } from '@grouarock/i18n';
import { Button, Card, Select, Spinner, TextArea, TextField, useToast } from '@grouarock/ui';
import { type FormEvent, useEffect, useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { firstProblem, type FormSchema } from '../../../lib/form-schema';
import { useT } from '../../../lib/i18n';
import { useAuthDialog } from '../../auth';
import type { StudioGenre, StudioTool, TrackLength, UsageDto } from '../api/studio';
import { DEFAULT_GENRE, DEFAULT_LENGTH, EXPECTED_SECONDS, GENRES, LENGTHS, PROMPT_MAX, TITLE_MAX } from '../options';
import type { Generation } from '../use-generation';
import { ProviderCards } from './provider-cards';
import { panelHeading } from './styles';
import { TrackPlayer } from './track-player';

const layout = (theme: Theme) => css`
  display: grid;
  grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
  gap: ${theme.space[5]};
  align-items: start;

  ${theme.mq.below('lg')} {
    grid-template-columns: 1fr;
  }
`;

const formLayout = (theme: Theme) => css`
  display: grid;
  gap: ${theme.space[4]};
`;

const row = (theme: Theme) => css`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${theme.space[3]};

  ${theme.mq.belowMobile} {
    grid-template-columns: 1fr;
  }
`;

const muted = (theme: Theme) => css`
  margin: 0;
  color: ${theme.colors.textMuted};
`;

const progress = (theme: Theme) => css`
  width: 100%;
  height: 10px;
  accent-color: ${theme.colors.accent};
`;

const generatingBox = (theme: Theme) => css`
  display: grid;
  gap: ${theme.space[3]};
  justify-items: start;
`;

/** How far along the generation probably is (it waits at 95 % for the real end). */
function useEstimate(generation: Generation): number {
  const [now, setNow] = useState(() => Date.now());
  const generating = generation.phase === 'generating';
  useEffect(() => {
    if (!generating) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [generating]);
  if (generation.phase !== 'generating') return 0;
  return Math.min(95, Math.round(((now - generation.startedAt) / 1000 / EXPECTED_SECONDS[generation.length]) * 100));
}

export interface GenerateForm {
  title: string;
  prompt: string;
  genre: StudioGenre;
  length: TrackLength;
  tool: StudioTool;
}

/** A description is needed (the rest has defaults); said in a toast. */
export const generateSchema: FormSchema<GenerateForm> = ({ prompt }) => (prompt.trim() ? {} : { prompt: 'studio.toast.emptyPrompt' });

/**
 * Generate: the tool cards, the form (title, a 4-row description, genre, length) and the preview, which shows the
 * progress while the track is made and then plays it. Limits come from the plan; signed out, the form asks to sign in.
 * The form's state is the page's (`form`), so a draft outlives a visit to another tab.
 */
export function GeneratePanel({
  signedIn,
  usage,
  generation,
  onGenerate,
  form: { register, handleSubmit, control, setValue, formState },
}: {
  signedIn: boolean;
  usage: UsageDto | undefined;
  generation: Generation;
  onGenerate: (form: GenerateForm) => Promise<boolean>;
  form: UseFormReturn<GenerateForm>;
}) {
  const t = useT();
  const toast = useToast();
  const dialog = useAuthDialog();
  const [tool, genre, length] = useWatch({ control, name: ['tool', 'genre', 'length'] });
  const estimate = useEstimate(generation);
  const generating = generation.phase === 'generating' || formState.isSubmitting;

  const start = handleSubmit(
    async (values) => void (await onGenerate(values)),
    (errors) => toast.show({ tone: 'error', title: t(firstProblem(errors) ?? 'studio.toast.emptyPrompt') }),
  );

  // Signed out, generating asks to sign in before anything else is said.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (generating) return;
    if (!signedIn) return dialog.open('login');
    void start(event);
  };

  return (
    <div css={layout}>
      <form css={formLayout} onSubmit={submit} noValidate aria-labelledby="studio-form-heading">
        <h2 id="studio-form-heading" css={panelHeading}>
          {t('studio.form.heading')}
        </h2>
        <ProviderCards value={tool} onChange={(tool) => setValue('tool', tool)} premiumTools={usage?.premiumTools ?? false} />
        <TextField label={t('studio.form.title')} placeholder={t('studio.form.titlePlaceholder')} maxLength={TITLE_MAX} {...register('title')} />
        <TextArea label={t('studio.form.prompt')} placeholder={t('studio.form.promptPlaceholder')} rows={4} maxLength={PROMPT_MAX} required {...register('prompt')} />
        <div css={row}>
          <Select
            label={t('studio.form.genre')}
            value={genre}
            onValueChange={(v) => setValue('genre', v as StudioGenre)}
            options={GENRES.map((g) => ({ value: g, label: t(`studio.genre.${g}` as MessageId) }))}
          />
          <Select
            label={t('studio.form.length')}
            value={length}
            onValueChange={(v) => setValue('length', v as TrackLength)}
            options={LENGTHS.map((l) => ({ value: l, label: t(`studio.length.${l}` as MessageId), disabled: l === '5min+' && !(usage?.longTracks ?? false) }))}
          />
        </div>
        {usage ? (
          <p css={muted} data-testid="studio-usage">
            {usage.limit === null ? t('studio.usage.unlimited', { plan: usage.plan }) : t('studio.usage.limited', { used: usage.used, limit: usage.limit, plan: usage.plan })}{' '}
            {usage.limit !== null && usage.plan !== 'ultra' ? <Link to="/subscription">{t('studio.usage.upgrade')}</Link> : null}
          </p>
        ) : null}
        {signedIn ? (
          <Button type="submit" size="lg" disabled={generating} loading={generating}>
            {generating ? t('studio.form.generating') : t('studio.form.submit')}
          </Button>
        ) : (
          <p css={muted}>
            {t('studio.form.signIn')}{' '}
            <Button variant="secondary" size="sm" onClick={() => dialog.open('login')}>
              {t('studio.form.signInButton')}
            </Button>
          </p>
        )}
      </form>
      <Card as="section" aria-labelledby="studio-preview-heading">
        <h2 id="studio-preview-heading" css={panelHeading}>
          {t('studio.preview.heading')}
        </h2>
        <div aria-live="polite">
          {generation.phase === 'generating' ? (
            <div css={generatingBox}>
              <Spinner label={t('studio.form.generating')} />
              <strong>{t('studio.form.generating')}</strong>
              <progress css={progress} max={100} value={estimate} aria-label={t('studio.preview.progress')} />
              <p css={muted}>{t('studio.form.hint')}</p>
            </div>
          ) : generation.phase === 'done' ? (
            generation.tracks.map((track) => (
              <div key={track.id} data-testid="studio-preview-track">
                <p>
                  <strong>{track.title}</strong> · <span css={muted}>{track.tags}</span>
                </p>
                <TrackPlayer track={track} />
              </div>
            ))
          ) : (
            <p css={muted}>{t('studio.preview.empty')}</p>
          )}
        </div>
      </Card>
    </div>
  );
}

export const EMPTY_FORM: GenerateForm = { title: '', prompt: '', genre: DEFAULT_GENRE, length: DEFAULT_LENGTH, tool: 'suno' };
