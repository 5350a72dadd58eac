import { css, type Theme } from '@emotion/react';
import { Badge } from '@grouarock/ui';
import { useT } from '../../../lib/i18n';
import type { StudioTool } from '../api/studio';
import { TOOLS, type ToolCard } from '../options';

const group = (theme: Theme) => css`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(10rem, 1fr));
  gap: ${theme.space[3]};
  margin: 0;
  padding: 0;
  border: none;

  legend {
    margin-bottom: ${theme.space[2]};
    font-weight: ${theme.fontWeights.semibold};
  }
`;

const card = (theme: Theme) => css`
  position: relative;
  display: grid;
  gap: ${theme.space[1]};
  padding: ${theme.space[3]};
  border: 2px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
  cursor: pointer;

  &:has(input:checked) {
    border-color: ${theme.colors.accent};
  }

  &:has(input:focus-visible) {
    outline: 3px solid ${theme.colors.focusRing};
    outline-offset: 2px;
  }

  &:has(input:disabled) {
    cursor: not-allowed;
    opacity: 0.6;
  }

  input {
    position: absolute;
    opacity: 0;
    pointer-events: none;
  }

  strong {
    font-family: ${theme.fonts.display};
    font-size: ${theme.fontSizes.xl};
    letter-spacing: 0.04em;
  }

  span {
    color: ${theme.colors.textMuted};
    font-size: ${theme.fontSizes.sm};
  }
`;

/** A tool's price as the spec's cards say it: "$1 za utwór", "$0.50 za utwór", or "Tylko Premium" for one sold only with the plan. */
export function useToolPrice(): (tool: ToolCard) => string {
  const t = useT();
  return (tool) => (tool.priceUsd === null ? t('studio.providers.premiumOnly') : t('studio.providers.price', { price: `$${tool.priceUsd.toFixed(tool.priceUsd % 1 ? 2 : 0)}` }));
}

/** The spec's provider cards as a choice of the tool to ask; the premium ones are off for a plan without them. */
export function ProviderCards({ value, onChange, premiumTools }: { value: StudioTool; onChange: (tool: StudioTool) => void; premiumTools: boolean }) {
  const t = useT();
  const price = useToolPrice();
  return (
    <fieldset css={group}>
      <legend>{t('studio.providers.heading')}</legend>
      {TOOLS.map((tool) => (
        <label key={tool.id} css={card}>
          <input type="radio" name="studio-tool" value={tool.id} checked={value === tool.id} disabled={tool.premium && !premiumTools} onChange={() => onChange(tool.id)} />
          <strong>{tool.name}</strong>
          <span>{price(tool)}</span>
          {tool.premium ? <Badge tone="secondary">{t('studio.providers.premium')}</Badge> : null}
        </label>
      ))}
    </fieldset>
  );
}
