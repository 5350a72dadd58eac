import { Button, Dialog, useToast } from '@grouarock/ui';
import { useState } from 'react';
import { useT } from '../../../lib/i18n';
import { useAsyncAction } from '../../../lib/use-async-action';
import { removeStream, useStreamsChanged, type LiveStreamDto } from '../api/streams';
import { row } from './styles';

/** The owner's "delete this replay", asked once more in a dialog (the recording goes with it). */
export function DeleteReplay({ stream, userId }: { stream: LiveStreamDto; userId: string }) {
  const t = useT();
  const toast = useToast();
  const changed = useStreamsChanged();
  const [open, setOpen] = useState(false);
  const { run: remove, running: pending } = useAsyncAction(async () => {
    try {
      await removeStream(stream.id);
      setOpen(false);
      toast.show({ tone: 'success', title: t('live.delete.done') });
      await changed(userId);
    } catch (error) {
      console.error('Deleting the replay failed', error);
      toast.show({ tone: 'error', title: t('live.delete.failed') });
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      size="sm"
      title={t('live.delete.title')}
      description={t('live.delete.text', { title: stream.title })}
      closeLabel={t('live.delete.cancel')}
      trigger={
        <Button size="sm" variant="ghost">
          {t('live.delete.button', { title: stream.title })}
        </Button>
      }
      footer={
        <div css={row}>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t('live.delete.cancel')}
          </Button>
          <Button variant="danger" loading={pending} onClick={() => void remove()}>
            {t('live.delete.confirm')}
          </Button>
        </div>
      }
    />
  );
}
