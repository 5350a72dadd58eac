import { css, useTheme, type Theme } from '@emotion/react';
import type { MessageId } from '@grouarock/i18n';
import { useT } from '../../../lib/i18n';
import { plannedRevenueMix, toBars, type RevenueSource } from '../revenue-mix';

const labels: Record<RevenueSource, MessageId> = {
  subscriptions: 'content.partners.mix.subscriptions',
  partnerships: 'content.partners.mix.partnerships',
  merchandise: 'content.partners.mix.merchandise',
  other: 'content.partners.mix.other',
};

const colorsOf = (theme: Theme): Record<RevenueSource, string> => ({
  subscriptions: theme.colors.accent,
  partnerships: theme.colors.secondary,
  merchandise: theme.colors.info,
  other: theme.colors.success,
});

const figure = (theme: Theme) => css`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  gap: ${theme.space[5]};
  align-items: center;
  margin: ${theme.space[4]} 0 0;
  ${theme.mq.belowMobile} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const svgStyle = css`
  display: block;
  width: 100%;
  height: auto;
`;

const table = (theme: Theme) => css`
  width: 100%;
  border-collapse: collapse;
  & th,
  & td {
    padding: ${theme.space[2]} ${theme.space[3]};
    border-bottom: 1px solid ${theme.colors.border};
    text-align: left;
  }
  & td:last-child,
  & th:last-child {
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
`;

const swatch = (theme: Theme) => css`
  display: inline-block;
  width: 0.875rem;
  height: 0.875rem;
  margin-right: ${theme.space[2]};
  vertical-align: -0.1em;
  border-radius: ${theme.radii.sm};
`;

const BAR_HEIGHT = 28;
const GAP = 14;
const WIDTH = 320;

/**
 * The planned revenue mix as a horizontal bar chart. The SVG is a picture of the table next to it (same numbers),
 * so screen readers get it as an image with a label and read the figures from the table.
 */
export function RevenueChart({ labelledBy }: { labelledBy: string }) {
  const t = useT();
  const theme = useTheme();
  const colors = colorsOf(theme);
  const bars = toBars(plannedRevenueMix);
  const height = bars.length * (BAR_HEIGHT + GAP) - GAP;
  return (
    <figure css={figure}>
      <svg css={svgStyle} viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-label={t('content.partners.mix.chartLabel')}>
        {bars.map((bar, index) => (
          <rect
            key={bar.source}
            data-source={bar.source}
            x={0}
            y={index * (BAR_HEIGHT + GAP)}
            width={Math.max(2, bar.length * WIDTH)}
            height={BAR_HEIGHT}
            fill={colors[bar.source]}
          />
        ))}
      </svg>
      <table css={table} aria-labelledby={labelledBy}>
        <thead>
          <tr>
            <th scope="col">{t('content.partners.mix.category')}</th>
            <th scope="col">{t('content.partners.mix.share')}</th>
          </tr>
        </thead>
        <tbody>
          {bars.map((bar) => (
            <tr key={bar.source}>
              <th scope="row">
                <span css={swatch} style={{ background: colors[bar.source] }} aria-hidden="true" />
                {t(labels[bar.source])}
              </th>
              <td>{t('content.partners.mix.percent', { value: bar.fraction })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
