import { Badge, Button, Panel, Spinner, TextField, useToast } from '@grouarock/ui';
import { useEffect, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { useAsyncAction } from '../../../lib/use-async-action';
import { passkeyRegistration, removeOnePasskey, renameOnePasskey, savePasskey, useSecurityChanged, usePasskeys, type PasskeyDto } from '../api/security';
import { createPasskey, webAuthnSupported } from '../api/webauthn';
import { ConfirmDialog } from './confirm-dialog';
import { useDateTime } from './relative-time';
import { useSecurityErrorText } from './security-errors';
import { inlineForm, item, itemList, meta, muted, row } from './styles';

/** The longest name the API keeps for a passkey. */
const NAME_MAX = 64;

/** One passkey: its name (renamed in place), when it was added and last used, whether it is synced; remove. */
function PasskeyRow({ passkey, userId }: { passkey: PasskeyDto; userId: string }) {
  const t = useT();
  const when = useDateTime();
  const { show } = useToast();
  const errorText = useSecurityErrorText();
  const changed = useSecurityChanged(userId);
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name);
  const [problem, setProblem] = useState<string | undefined>();

  const rename = useAsyncAction(async () => {
    const trimmed = name.trim();
    if (!trimmed) return setProblem(t('security.passkeys.nameRequired'));
    if (trimmed === passkey.name) return setEditing(false);
    try {
      const renamed = await renameOnePasskey(passkey.id, trimmed);
      setEditing(false);
      show({ tone: 'success', title: t('security.passkeys.renamed', { name: renamed.name }) });
      await changed();
    } catch (error) {
      setProblem(errorText(error));
    }
  });

  const remove = async () => {
    try {
      await removeOnePasskey(passkey.id);
      show({ tone: 'success', title: t('security.passkeys.removed', { name: passkey.name }) });
    } catch (error) {
      show({ tone: 'error', title: errorText(error) });
    }
    await changed();
  };

  const startEditing = () => {
    setName(passkey.name);
    setProblem(undefined);
    setEditing(true);
  };

  return (
    <li css={item}>
      {editing ? (
        <form
          css={inlineForm}
          aria-label={t('security.passkeys.renameNamed', { name: passkey.name })}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void rename.run();
          }}
        >
          <TextField
            label={t('security.passkeys.nameLabel')}
            value={name}
            maxLength={NAME_MAX}
            autoComplete="off"
            // The person asked to rename it: the field is where they type next.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
            error={problem}
            onChange={(event) => {
              setName(event.target.value);
              setProblem(undefined);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Escape') setEditing(false);
            }}
          />
          <div css={row}>
            <Button type="submit" size="sm" loading={rename.running}>
              {t('security.passkeys.save')}
            </Button>
            <Button size="sm" variant="ghost" disabled={rename.running} onClick={() => setEditing(false)}>
              {t('security.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <>
          <div>
            <strong>{passkey.name}</strong>
            {passkey.backed_up ? (
              <>
                {' '}
                <Badge tone="neutral">{t('security.passkeys.synced')}</Badge>
              </>
            ) : null}
            <p css={meta}>
              {t('security.passkeys.created', { date: when(passkey.created_at) })}
              {' · '}
              {passkey.last_used_at ? t('security.passkeys.lastUsed', { date: when(passkey.last_used_at) }) : t('security.passkeys.neverUsed')}
            </p>
          </div>
          <div css={row}>
            <Button size="sm" variant="ghost" aria-label={t('security.passkeys.renameNamed', { name: passkey.name })} onClick={startEditing}>
              {t('security.passkeys.rename')}
            </Button>
            <ConfirmDialog
              title={t('security.passkeys.confirmRemove', { name: passkey.name })}
              description={t('security.passkeys.confirmRemoveText')}
              confirmLabel={t('security.passkeys.removeConfirm')}
              onConfirm={remove}
              trigger={
                <Button size="sm" variant="secondary" aria-label={t('security.passkeys.removeNamed', { name: passkey.name })}>
                  {t('security.passkeys.remove')}
                </Button>
              }
            />
          </div>
        </>
      )}
    </li>
  );
}

/** Whether this browser can make passkeys: unknown until the WebAuthn library has loaded. */
function useWebAuthnSupport(): boolean | null {
  const [supported, setSupported] = useState<boolean | null>(null);
  useEffect(() => {
    let current = true;
    webAuthnSupported().then(
      (yes) => current && setSupported(yes),
      () => current && setSupported(false),
    );
    return () => {
      current = false;
    };
  }, []);
  return supported;
}

/**
 * /profile's passkeys: what a passkey is, the account's (name, added, last used, synced), adding one with the browser's
 * prompt under a name the person may give, renaming in place and removing after a confirmation.
 */
export function PasskeysPanel({ userId }: { userId: string }) {
  const t = useT();
  const { show } = useToast();
  const errorText = useSecurityErrorText();
  const changed = useSecurityChanged(userId);
  const passkeys = usePasskeys(userId);
  const supported = useWebAuthnSupport();
  const [name, setName] = useState('');

  const add = useAsyncAction(async () => {
    try {
      const { challenge_id, options } = await passkeyRegistration();
      const credential = await createPasskey(options);
      // The person closed the browser's prompt: nothing to say.
      if (!credential) return;
      const saved = await savePasskey(challenge_id, credential as unknown as Record<string, unknown>, name.trim() || undefined);
      setName('');
      show({ tone: 'success', title: t('security.passkeys.added', { name: saved.name }) });
      await changed();
    } catch (error) {
      show({ tone: 'error', title: errorText(error) });
    }
  });

  const list = passkeys.data;
  return (
    <Panel title={t('security.passkeys.title')} headingLevel={3}>
      <p css={muted}>{t('security.passkeys.text')}</p>
      {passkeys.isLoading ? <Spinner label={t('security.passkeys.loading')} /> : null}
      {passkeys.error && !passkeys.isLoading ? (
        <p role="alert">
          {t('security.passkeys.loadError')}{' '}
          <Button size="sm" variant="ghost" onClick={() => void passkeys.mutate()}>
            {t('security.retry')}
          </Button>
        </p>
      ) : null}
      {list && list.length === 0 ? <p>{t('security.passkeys.empty')}</p> : null}
      {list && list.length > 0 ? (
        <ul css={itemList} aria-label={t('security.passkeys.listLabel')}>
          {list.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} userId={userId} />
          ))}
        </ul>
      ) : null}
      {supported === false ? <p role="note">{t('security.passkeys.unsupported')}</p> : null}
      {supported ? (
        <form
          css={inlineForm}
          aria-label={t('security.passkeys.add')}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void add.run();
          }}
        >
          <TextField
            label={t('security.passkeys.newNameLabel')}
            hint={t('security.passkeys.newNameHint')}
            value={name}
            maxLength={NAME_MAX}
            autoComplete="off"
            onChange={(event) => setName(event.target.value)}
          />
          <Button type="submit" loading={add.running}>
            {add.running ? t('security.passkeys.adding') : t('security.passkeys.add')}
          </Button>
        </form>
      ) : null}
    </Panel>
  );
}
