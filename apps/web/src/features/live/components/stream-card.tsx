import { css, type Theme } from '@emotion/react';
import { Badge, Card } from '@grouarock/ui';
import type { MessageId } from '@grouarock/i18n';
import { useT } from '../../../lib/i18n';
import type { LiveStreamDto } from '../api/streams';
import { DeleteReplay } from './delete-replay';
import { UltraBadge } from './ultra-lock';
import { muted, row } from './styles';

const title = (theme: Theme) => css`
  margin: 0;
  font-size: ${theme.fontSizes.lg};
  overflow-wrap: anywhere;
`;

const watch = (theme: Theme) => css`
  all: unset;
  cursor: pointer;
  /* The whole card is the button's target; the focus ring goes round the card. */
  &::after {
    content: '';
    position: absolute;
    inset: 0;
    border-radius: inherit;
  }
  &:focus-visible::after {
    outline: 3px solid ${theme.colors.secondary};
    outline-offset: 2px;
  }
`;

const card = css`
  position: relative;
`;

const above = css`
  position: relative;
  z-index: 1;
`;

/** m:ss of a replay's length. */
function duration(seconds: number): { minutes: string; seconds: string } {
  const whole = Math.round(seconds);
  return { minutes: String(Math.floor(whole / 60)), seconds: String(whole % 60).padStart(2, '0') };
}

/** One stream in the list: live (with its viewers) or a replay (with its length, and its owner may delete it); the card opens it. */
export function StreamCard({ stream, onWatch, userId }: { stream: LiveStreamDto; onWatch: (id: string) => void; userId: string | null }) {
  const t = useT();
  const live = stream.status === 'live';
  return (
    <Card as="li" interactive css={card} padding="sm">
      <div css={row}>
        <Badge tone={live ? 'live' : 'neutral'}>{t(live ? 'live.badge.live' : 'live.badge.replay')}</Badge>
        <Badge tone="neutral">{t(`live.genre.${stream.genre}` as MessageId)}</Badge>
        {stream.requiredPlan === 'ultra' ? <UltraBadge /> : null}
        {!live && stream.durationSeconds !== null ? <span css={muted}>{t('live.card.duration', duration(stream.durationSeconds))}</span> : null}
      </div>
      <h4 css={title}>
        <button type="button" css={watch} onClick={() => onWatch(stream.id)} aria-label={t(live ? 'live.card.watch' : 'live.card.watchReplay', { title: stream.title })}>
          {stream.title}
        </button>
      </h4>
      <p css={muted}>{stream.ownerName ?? t('live.card.anonymous')}</p>
      {live ? <p css={muted}>{t('live.card.viewers', { count: stream.viewers })}</p> : null}
      {/* Above the card's covering button, so it can be clicked. */}
      {!live && userId === stream.userId ? (
        <div css={above}>
          <DeleteReplay stream={stream} userId={userId} />
        </div>
      ) : null}
    </Card>
  );
}
