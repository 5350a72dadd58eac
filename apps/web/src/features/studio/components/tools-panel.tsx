import { css, type Theme } from '@emotion/react';
import type { MessageId } from '@grouarock/i18n';
import { Badge, Button, Card } from '@grouarock/ui';
import { Root as VisuallyHidden } from '@radix-ui/react-visually-hidden';
import { useT } from '../../../lib/i18n';
import { NewTabHint } from '../../../lib/new-tab-hint';
import { TOOLS } from '../options';
import { useToolPrice } from './provider-cards';

const grid = (theme: Theme) => css`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr));
  gap: ${theme.space[4]};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const cardBody = (theme: Theme) => css`
  display: grid;
  gap: ${theme.space[2]};
  height: 100%;
  align-content: start;

  h3 {
    margin: 0;
    font-family: ${theme.fonts.display};
    font-size: ${theme.fontSizes['2xl']};
    font-weight: normal;
    letter-spacing: 0.04em;
  }

  p,
  ul {
    margin: 0;
    color: ${theme.colors.textMuted};
  }
`;

/** AI Tools: the tool cards (name, price, what it does, its features); a premium tool's button says it needs Premium. */
export function ToolsPanel({ premiumTools }: { premiumTools: boolean }) {
  const t = useT();
  const price = useToolPrice();
  return (
    <section aria-labelledby="studio-tools-heading">
      <VisuallyHidden asChild>
        <h2 id="studio-tools-heading">{t('studio.tools.heading')}</h2>
      </VisuallyHidden>
      <ul css={grid}>
        {TOOLS.map((tool) => (
          <Card as="li" key={tool.id} tone={tool.premium ? 'highlight' : 'default'}>
            <div css={cardBody}>
              <h3>{tool.name}</h3>
              {tool.premium ? <Badge tone="secondary">{t('studio.premiumOnly')}</Badge> : null}
              <p>{t('studio.tools.price', { price: price(tool) })}</p>
              <p>{t(`studio.tool.${tool.id}.description` as MessageId)}</p>
              <ul>
                <li>{t(`studio.tool.${tool.id}.f1` as MessageId)}</li>
                <li>{t(`studio.tool.${tool.id}.f2` as MessageId)}</li>
              </ul>
              {tool.premium && !premiumTools ? (
                <Button disabled fullWidth>
                  {t('studio.tools.requiresPremium')}
                </Button>
              ) : (
                <Button asChild variant="secondary" fullWidth>
                  <a href={tool.url} target="_blank" rel="noopener noreferrer">
                    {t('studio.tools.open', { name: tool.name })}
                    <NewTabHint />
                  </a>
                </Button>
              )}
            </div>
          </Card>
        ))}
      </ul>
    </section>
  );
}
