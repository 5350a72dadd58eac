import { Link } from 'react-router-dom';
import { useT } from '../../../lib/i18n';
import { link, muted, row } from '../../../lib/panel-styles';

/** "3 / 5 stacji": a playlist's stations against what the plan lets one hold, and the way to more once it is full. */
export function PlaylistSize({ count, max }: { count: number; max: number }) {
  const t = useT();
  return (
    <span css={row}>
      <span css={muted} data-testid="playlist-size">
        {t('playlists.size', { count, max })}
      </span>
      {count >= max && (
        <Link css={link} to="/subscription">
          {t('playlists.upgrade')}
        </Link>
      )}
    </span>
  );
}
