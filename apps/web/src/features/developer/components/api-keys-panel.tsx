import { css, type Theme } from '@emotion/react';
import { Badge, Button, Panel, Select, Spinner, TextField, useToast } from '@grouarock/ui';
import type { MessageId } from '@grouarock/i18n';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useSWRConfig } from 'swr';
import { ApiError } from '../../../lib/api';
import { CopyField } from '../../../lib/copy-field';
import { schemaResolver, type FormSchema } from '../../../lib/form-schema';
import { useIntl } from 'react-intl';
import { useT } from '../../../lib/i18n';
import { itemList } from '../../../lib/panel-styles';
import { useAsyncAction } from '../../../lib/use-async-action';
import { muted } from './styles';
import {
  API_KEY_LIFETIMES,
  apiKeysKey,
  apiUsageKey,
  DEFAULT_API_KEY_LIFETIME,
  dropApiKey,
  hasExpired,
  makeApiKey,
  useApiKeys,
  useApiUsage,
  type ApiKeyDto,
  type ApiKeyLifetime,
  type ApiKeyScope,
  type CreatedApiKeyDto,
} from '../api/keys';

/** The lifetime select's values: the days, or `never`. */
const lifetimeValue = (lifetime: ApiKeyLifetime) => (lifetime === null ? 'never' : String(lifetime));
// Not find(…) ?? default: the lifetime `never` is null, which ?? would turn into the default.
const lifetimeOf = (value: string): ApiKeyLifetime => API_KEY_LIFETIMES.filter((lifetime) => lifetimeValue(lifetime) === value).concat(DEFAULT_API_KEY_LIFETIME)[0];


const item = (theme: Theme) => css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space[2]};
  padding: ${theme.space[3]};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
`;

const meta = (theme: Theme) => css`
  margin: 0;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`;

const mono = (theme: Theme) => css`
  font-family: ${theme.fonts.mono};
`;

const form = (theme: Theme) => css`
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr) auto;
  align-items: end;
  gap: ${theme.space[3]};
  margin: 0;
  @media (max-width: 767px) {
    grid-template-columns: 1fr;
  }
`;

const shownOnce = (theme: Theme) => css`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[2]};
  padding: ${theme.space[3]} ${theme.space[4]};
  border-left: 4px solid ${theme.colors.secondary};
  background: ${theme.colors.infoTint};
`;

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKeyDto; onRevoke: (key: ApiKeyDto) => Promise<void> }) {
  const t = useT();
  const intl = useIntl();
  const dateTime = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });
  const [confirming, setConfirming] = useState(false);
  const expired = hasExpired(apiKey);
  const { run: revoke, running: busy } = useAsyncAction(async () => {
    try {
      await onRevoke(apiKey);
    } finally {
      setConfirming(false);
    }
  });
  return (
    <li css={item}>
      <div>
        <strong>{apiKey.name}</strong> <Badge tone={apiKey.scope === 'full-access' ? 'secondary' : 'neutral'}>{t('developer.keys.scope', { full: apiKey.scope === 'full-access' })}</Badge>
        {expired ? (
          <>
            {' '}
            <Badge tone="accent">{t('developer.keys.expired')}</Badge>
          </>
        ) : null}
        <p css={meta}>
          <span css={mono}>{t('developer.keys.start', { start: apiKey.start })}</span>
          {' · '}
          {t('developer.keys.created', { date: dateTime(apiKey.createdAt) })}
          {' · '}
          {apiKey.lastUsedAt ? t('developer.keys.lastUsed', { date: dateTime(apiKey.lastUsedAt) }) : t('developer.keys.neverUsed')}
          {' · '}
          {apiKey.expiresAt === null
            ? t('developer.keys.noExpiry')
            : t(expired ? 'developer.keys.expiredOn' : 'developer.keys.expires', { date: dateTime(apiKey.expiresAt) })}
        </p>
      </div>
      {confirming ? (
        <div role="group" aria-label={t('developer.keys.confirmRevoke', { name: apiKey.name })}>
          <Button size="sm" variant="danger" loading={busy} onClick={() => void revoke()}>
            {t('developer.keys.revokeConfirm')}
          </Button>{' '}
          <Button size="sm" variant="ghost" disabled={busy} onClick={() => setConfirming(false)}>
            {t('developer.keys.cancel')}
          </Button>
        </div>
      ) : (
        <Button size="sm" variant="secondary" aria-label={t('developer.keys.revokeNamed', { name: apiKey.name })} onClick={() => setConfirming(true)}>
          {t('developer.keys.revoke')}
        </Button>
      )}
    </li>
  );
}

/**
 * /profile's API keys: the account's API plan and its use this month, its keys (by their first characters, with when
 * each expires; lately expired ones marked so), a form to make one (read-only or full-access, for 30, 90 or 365 days
 * or for good) whose value is shown once, and revoking with a confirmation.
 */
interface NewKeyValues {
  name: string;
  scope: ApiKeyScope;
  /** The lifetime select's value (lifetimeValue). */
  lifetime: string;
}

/** A key needs a name (the scope and lifetime have defaults). */
export const newKeySchema: FormSchema<NewKeyValues> = ({ name }) => (name.trim() ? {} : { name: 'developer.keys.nameRequired' });

export function ApiKeysPanel({ userId }: { userId: string }) {
  const t = useT();
  const intl = useIntl();
  const number = (value: number) => intl.formatNumber(value);
  const { show } = useToast();
  const { mutate } = useSWRConfig();
  const keys = useApiKeys(userId);
  const usage = useApiUsage(userId);
  const { register, handleSubmit, control, setValue, resetField, formState } = useForm<NewKeyValues>({
    resolver: schemaResolver(newKeySchema),
    defaultValues: { name: '', scope: 'read-only', lifetime: lifetimeValue(DEFAULT_API_KEY_LIFETIME) },
    // The name's problem stays until the next try, as the other fields' would.
    reValidateMode: 'onSubmit',
  });
  const [scope, lifetime] = useWatch({ control, name: ['scope', 'lifetime'] });
  const creating = formState.isSubmitting;
  const nameError = formState.errors.name?.message;
  const [created, setCreated] = useState<CreatedApiKeyDto | null>(null);

  const refresh = () => Promise.all([mutate(apiKeysKey(userId)), mutate(apiUsageKey(userId))]);

  const create = handleSubmit(async ({ name, scope, lifetime }) => {
    try {
      setCreated(await makeApiKey({ name: name.trim(), scope, expiresInDays: lifetimeOf(lifetime) }));
      resetField('name');
      await refresh();
    } catch (error) {
      show({ tone: 'error', title: t(error instanceof ApiError && error.code === 'too_many_keys' ? 'developer.keys.tooMany' : 'developer.keys.createError') });
    }
  });

  const revoke = async (key: ApiKeyDto) => {
    try {
      await dropApiKey(key.id);
      if (created?.id === key.id) setCreated(null);
      show({ tone: 'success', title: t('developer.keys.revoked', { name: key.name }) });
    } catch {
      show({ tone: 'error', title: t('developer.keys.revokeError') });
    }
    await refresh();
  };

  return (
    <Panel title={t('developer.keys.title')}>
      <p css={muted}>{t('developer.keys.text')}</p>
      {usage.data ? (
        <p>
          {t('developer.keys.plan', {
            plan: usage.data.plan,
            used: number(usage.data.usedThisMonth),
            unlimited: usage.data.monthlyRequests === null,
            quota: number(usage.data.monthlyRequests ?? 0),
            perMinute: number(usage.data.perMinute),
            burst: number(usage.data.burst),
          })}
        </p>
      ) : null}
      {created ? (
        <div css={shownOnce} role="status">
          <strong>{t('developer.keys.createdTitle', { name: created.name })}</strong>
          <p css={muted}>{t('developer.keys.shownOnce')}</p>
          <CopyField label={t('developer.keys.yourKey')} value={created.key} />
          <Button size="sm" variant="ghost" onClick={() => setCreated(null)}>
            {t('developer.keys.hide')}
          </Button>
        </div>
      ) : null}
      {keys.isLoading ? <Spinner label={t('developer.keys.loading')} /> : null}
      {keys.error && !keys.isLoading ? (
        <p role="alert">
          {t('developer.keys.loadError')}{' '}
          <Button size="sm" variant="ghost" onClick={() => void keys.mutate()}>
            {t('developer.keys.retry')}
          </Button>
        </p>
      ) : null}
      {keys.data && keys.data.keys.length === 0 ? <p css={muted}>{t('developer.keys.empty')}</p> : null}
      {keys.data && keys.data.keys.length > 0 ? (
        <ul css={itemList} aria-label={t('developer.keys.listLabel')}>
          {keys.data.keys.map((key) => (
            <KeyRow key={key.id} apiKey={key} onRevoke={revoke} />
          ))}
        </ul>
      ) : null}
      {keys.data && keys.data.keys.filter((key) => !hasExpired(key)).length >= keys.data.maxActive ? (
        <p css={muted}>{t('developer.keys.atMax', { max: keys.data.maxActive })}</p>
      ) : (
        <form css={form} onSubmit={(event) => void create(event)} noValidate aria-label={t('developer.keys.formLabel')}>
          <TextField label={t('developer.keys.name')} maxLength={64} error={nameError ? t(nameError as MessageId) : undefined} aria-required="true" {...register('name')} />
          <Select
            label={t('developer.keys.scopeLabel')}
            value={scope}
            onValueChange={(value) => setValue('scope', value as ApiKeyScope)}
            options={[
              { value: 'read-only', label: t('developer.keys.scope', { full: false }) },
              { value: 'full-access', label: t('developer.keys.scope', { full: true }) },
            ]}
          />
          <Select
            label={t('developer.keys.lifetimeLabel')}
            value={lifetime}
            onValueChange={(value) => setValue('lifetime', value)}
            options={API_KEY_LIFETIMES.map((days) => ({
              value: lifetimeValue(days),
              label: days === null ? t('developer.keys.lifetimeNever') : t('developer.keys.lifetimeDays', { days, recommended: days === DEFAULT_API_KEY_LIFETIME }),
            }))}
          />
          <Button type="submit" loading={creating}>
            {creating ? t('developer.keys.creating') : t('developer.keys.create')}
          </Button>
        </form>
      )}
    </Panel>
  );
}
