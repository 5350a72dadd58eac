import { css, type Theme } from '@emotion/react';
import { useT } from '../../../lib/i18n';
import type { StationDto } from '../api/stations';
import { streamBitrate, useListenerLimits } from '../station-access';

const chip = (theme: Theme) => css`
  flex: none;
  padding: 0 ${theme.space[2]};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.pill};
  font-size: ${theme.fontSizes.sm};
  font-variant-numeric: tabular-nums;
  color: ${theme.colors.textMuted};
  white-space: nowrap;
`;

/**
 * The bitrate the player is playing ("320 kbps"): the station's higher-quality stream on plans with 320 kbps where it
 * has one, else its standard stream, as the relay sends it. Nothing while nothing plays or the bitrate is unknown.
 */
export function StreamBitrate({ station, active }: { station: StationDto | null; active: boolean }) {
  const t = useT();
  // Which stream plays depends on the plan only where the station has two.
  const limits = useListenerLimits(station?.hasHighQuality === true);
  const kbps = station ? streamBitrate(station, limits) : null;
  if (!active || !kbps) return null;
  return (
    <span css={chip} title={t('radio.player.bitrateLabel', { kbps })} data-testid="stream-bitrate">
      {t('radio.player.bitrate', { kbps })}
    </span>
  );
}
