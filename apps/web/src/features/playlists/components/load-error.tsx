import { Button } from '@grouarock/ui';
import { useT } from '../../../lib/i18n';
import { muted, row } from '../../../lib/panel-styles';

/** What could not be loaded, and a button that asks again. */
export function LoadError({ text, onRetry }: { text: string; onRetry: () => void }) {
  const t = useT();
  return (
    <div css={row} role="alert">
      <p css={muted}>{text}</p>
      <Button size="sm" variant="secondary" onClick={onRetry}>
        {t('playlists.retry')}
      </Button>
    </div>
  );
}
