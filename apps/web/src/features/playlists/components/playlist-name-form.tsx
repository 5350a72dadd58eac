import { Button, TextField } from '@grouarock/ui';
import type { MessageId } from '@grouarock/i18n';
import { useForm } from 'react-hook-form';
import { schemaResolver, type FormSchema } from '../../../lib/form-schema';
import { useT } from '../../../lib/i18n';
import { row } from '../../../lib/panel-styles';

export interface PlaylistNameValues {
  name: string;
}

/** A name of 1 to 100 characters once trimmed (as the API takes it). */
export const playlistNameSchema: FormSchema<PlaylistNameValues> = ({ name }) => {
  const trimmed = name.trim();
  return trimmed && trimmed.length <= 100 ? {} : { name: 'playlists.validation.name' };
};

export interface PlaylistNameFormProps {
  label: string;
  submit: string;
  busy: string;
  defaultName?: string;
  /** Saves the trimmed name; whether it was saved (a new playlist's form then empties). */
  onSave: (name: string) => Promise<boolean>;
  clearOnSave?: boolean;
}

/** A playlist's name, for a new one or a rename. */
export function PlaylistNameForm({ label, submit, busy, defaultName = '', onSave, clearOnSave = false }: PlaylistNameFormProps) {
  const t = useT();
  const { register, handleSubmit, reset, formState } = useForm<PlaylistNameValues>({ resolver: schemaResolver(playlistNameSchema), defaultValues: { name: defaultName } });
  const { errors, isSubmitting } = formState;
  const save = handleSubmit(async ({ name }) => {
    if ((await onSave(name.trim())) && clearOnSave) reset();
  });
  return (
    <form css={row} onSubmit={(event) => void save(event)} noValidate aria-label={submit}>
      <TextField label={label} maxLength={100} aria-required="true" error={errors.name?.message ? t(errors.name.message as MessageId) : undefined} {...register('name')} />
      <Button type="submit" size="sm" variant={clearOnSave ? 'primary' : 'secondary'} loading={isSubmitting}>
        {isSubmitting ? busy : submit}
      </Button>
    </form>
  );
}
