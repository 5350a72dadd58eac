import { css, type Theme } from '@emotion/react';
import { useT } from '../../../lib/i18n';
import type { StationDto } from '../api/stations';
import { streamQuality, useListenerLimits } from '../station-access';

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
 * The quality the player is playing ("FLAC", "320 kbps"): the station's lossless stream on lossless plans where it has
 * one, else its higher-quality stream on plans with 320 kbps where it has one, else its standard stream, as the relay
 * sends it. Nothing while nothing plays or the quality is unknown.
 */
export function StreamBitrate({ station, active }: { station: StationDto | null; active: boolean }) {
  const t = useT();
  // Which stream plays depends on the plan only where the station has more than one.
  const limits = useListenerLimits(station?.hasHighQuality === true || station?.hasLossless === true);
  const quality = station ? streamQuality(station, limits) : null;
  if (!active || !quality) return null;
  return (
    <span
      css={chip}
      title={quality.lossless ? t('radio.player.losslessLabel') : t('radio.player.bitrateLabel', { kbps: quality.kbps })}
      data-testid="stream-bitrate"
    >
      {quality.lossless ? t('radio.player.lossless') : t('radio.player.bitrate', { kbps: quality.kbps })}
    </span>
  );
}
