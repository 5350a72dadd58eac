import { Button, Dialog } from '@grouarock/ui';
import { useState, type ReactElement } from 'react';
import { useT } from '../../../lib/i18n';
import { useAsyncAction } from '../../../lib/use-async-action';
import { row } from './styles';

export interface ConfirmDialogProps {
  /** The button that opens it; focus returns to it. */
  trigger: ReactElement;
  title: string;
  description: string;
  confirmLabel: string;
  /** Runs on confirming; the dialog closes once it settles (the action says how it went). */
  onConfirm: () => Promise<void>;
}

/** "Are you sure?" before something that cannot be undone (a passkey removed, the app turned off, the codes replaced). */
export function ConfirmDialog({ trigger, title, description, confirmLabel, onConfirm }: ConfirmDialogProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const { run, running } = useAsyncAction(async () => {
    try {
      await onConfirm();
    } finally {
      setOpen(false);
    }
  });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (running ? undefined : setOpen(next))}
      size="sm"
      title={title}
      description={description}
      closeLabel={t('security.close')}
      trigger={trigger}
      footer={
        <div css={row}>
          <Button variant="secondary" disabled={running} onClick={() => setOpen(false)}>
            {t('security.cancel')}
          </Button>
          <Button variant="danger" loading={running} onClick={() => void run()}>
            {confirmLabel}
          </Button>
        </div>
      }
    />
  );
}
