import { Button, Panel, Stack, TextField, useToast } from '@grouarock/ui';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { schemaResolver, type FormSchema } from '../../../lib/form-schema';
import { useT } from '../../../lib/i18n';
import { useAsyncAction } from '../../../lib/use-async-action';
import { useAuth } from '../../auth';
import { anonymize, deleteData, exportData } from '../api/data-rights';
import { actions, muted } from './profile-styles';

type Step = 'idle' | 'delete' | 'anonymize';

interface ConfirmValues {
  typed: string;
}

/**
 * The word of the step typed out (any case). Its problem is the field's own instruction: the confirm button waits
 * for the word, so it is not shown.
 */
export const confirmSchema =
  (word: string): FormSchema<ConfirmValues> =>
  ({ typed }) =>
    typed.trim().toUpperCase() === word ? {} : { typed: 'profile.data.typeToConfirm' };

/** Saves `data` as a JSON file the browser downloads. */
function download(data: unknown, name: string): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * The account holder's data rights in /profile: download everything we hold, delete it, or anonymize the account.
 * Deleting and anonymizing ask for the word typed out; the server ends every session with it, and so does the page.
 */
export function DataRightsPanel() {
  const t = useT();
  const { show } = useToast();
  const { forget } = useAuth();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>('idle');
  const word = t(step === 'anonymize' ? 'profile.data.anonymizeWord' : 'profile.data.deleteWord');
  const { register, handleSubmit, reset, control, formState } = useForm<ConfirmValues>({
    resolver: schemaResolver(confirmSchema(word)),
    defaultValues: { typed: '' },
  });
  const typed = useWatch({ control, name: 'typed' });
  const confirmed = !confirmSchema(word)({ typed }).typed;
  const busy = formState.isSubmitting;
  const erased = useRef(false);
  useEffect(
    () => () => {
      if (erased.current) forget();
    },
    [forget],
  );

  const exporting = useAsyncAction(async () => {
    try {
      download(await exportData(), 'grouarock-data.json');
    } catch {
      show({ tone: 'error', title: t('profile.data.exportError') });
    }
  });

  const erase = async () => {
    try {
      if (step === 'anonymize') await anonymize();
      else await deleteData();
    } catch {
      show({ tone: 'error', title: t('profile.data.actionError') });
      return;
    }
    show({ tone: 'success', title: t(step === 'anonymize' ? 'profile.data.anonymized' : 'profile.data.deleted') });
    // Home first, and the session forgotten once /profile is gone (it sends a signed-out visitor to /auth).
    erased.current = true;
    await navigate('/');
  };

  const open = (next: Step) => {
    setStep(next);
    reset({ typed: '' });
  };

  return (
    <Panel title={t('profile.data.title')}>
      <Stack gap={3}>
        <p css={muted}>{t('profile.data.text')}</p>
        <div css={actions}>
          <Button variant="secondary" loading={exporting.running} onClick={() => void exporting.run()}>
            {t('profile.data.export')}
          </Button>
        </div>
        {step === 'idle' ? (
          <div css={actions}>
            <Button variant="ghost" onClick={() => open('anonymize')}>
              {t('profile.data.anonymize')}
            </Button>{' '}
            <Button variant="danger" onClick={() => open('delete')}>
              {t('profile.data.delete')}
            </Button>
          </div>
        ) : (
          <form
            aria-label={t(step === 'anonymize' ? 'profile.data.anonymize' : 'profile.data.delete')}
            onSubmit={(event) => void handleSubmit(erase)(event)}
          >
            <Stack gap={3}>
              <p role="alert">{t(step === 'anonymize' ? 'profile.data.anonymizeWarning' : 'profile.data.deleteWarning')}</p>
              <TextField label={t('profile.data.typeToConfirm', { word })} autoComplete="off" {...register('typed')} />
              <div css={actions}>
                <Button type="submit" variant="danger" loading={busy} disabled={!confirmed}>
                  {t(step === 'anonymize' ? 'profile.data.anonymizeConfirm' : 'profile.data.deleteConfirm')}
                </Button>{' '}
                <Button variant="ghost" disabled={busy} onClick={() => open('idle')}>
                  {t('profile.data.cancel')}
                </Button>
              </div>
            </Stack>
          </form>
        )}
      </Stack>
    </Panel>
  );
}
