import { css, type Theme } from '@emotion/react';
import type { MessageId } from '@grouarock/i18n';
import { Button, displayHeading } from '@grouarock/ui';
import type { ReactNode } from 'react';
import { useT } from '../../../lib/i18n';
import type { NavigateAway } from '../navigate-away';
import { AssistantIcon, CommunityIcon, LiveIcon, RadioIcon } from './icons';
import { PromoDialog } from './promo-dialog';

const hero = (theme: Theme) => css`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${theme.space[5]};
  padding: ${theme.space[8]} ${theme.space[4]} ${theme.space[7]};
  text-align: center;
  background:
    radial-gradient(ellipse at top, rgba(224, 16, 42, 0.35), transparent 60%),
    ${theme.colors.bg};

  ${theme.mq.belowMobile} {
    padding: ${theme.space[7]} ${theme.space[4]} ${theme.space[6]};
  }
`;

const launch = (theme: Theme) => css`
  max-width: 40rem;
  margin: 0;
  padding: ${theme.space[2]} ${theme.space[4]};
  border: 2px solid ${theme.colors.accent};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.errorTint};
  color: ${theme.colors.text};
  font-weight: ${theme.fontWeights.bold};
`;

const title = (theme: Theme) => css`
  margin: 0;
  ${displayHeading(theme)}
  font-size: clamp(3.5rem, 12vw, 8rem);
  line-height: 0.9;
`;

const subtitle = (theme: Theme) => css`
  margin: 0;
  color: ${theme.colors.secondary};
  font-family: ${theme.fonts.display};
  font-size: ${theme.fontSizes['3xl']};
  letter-spacing: 0.05em;
`;

const description = (theme: Theme) => css`
  max-width: 42rem;
  margin: 0;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.lg};
`;

const highlights = (theme: Theme) => css`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${theme.space[3]} ${theme.space[5]};
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    align-items: center;
    gap: ${theme.space[2]};
    font-weight: ${theme.fontWeights.bold};
  }

  svg {
    color: ${theme.colors.accentText};
  }
`;

const actions = (theme: Theme) => css`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${theme.space[3]};
`;

const highlightItems: { label: MessageId; icon: ReactNode }[] = [
  { label: 'home.hero.community', icon: <CommunityIcon /> },
  { label: 'home.hero.radio', icon: <RadioIcon /> },
  { label: 'home.hero.streaming', icon: <LiveIcon /> },
  { label: 'home.hero.assistant', icon: <AssistantIcon /> },
];

export interface HeroProps {
  /** Passed to the promo popup (tests give their own). */
  navigate?: NavigateAway;
}

/** The top of the home page: title, launch banner, what the platform offers and the two promo buttons. */
export function Hero({ navigate }: HeroProps) {
  const t = useT();
  return (
    <section css={hero} aria-labelledby="home-title">
      <p css={launch}>{t('home.hero.launch')}</p>
      <h1 id="home-title" css={title}>
        {t('home.hero.title')}
      </h1>
      <p css={subtitle}>{t('home.hero.subtitle')}</p>
      <p css={description}>{t('home.hero.description')}</p>
      <ul css={highlights} aria-label={t('home.hero.highlights')}>
        {highlightItems.map((item) => (
          <li key={item.label}>
            {item.icon}
            {t(item.label)}
          </li>
        ))}
      </ul>
      <div css={actions}>
        <PromoDialog kind="trial" navigate={navigate} trigger={<Button size="lg">{t('home.hero.join')}</Button>} />
        <PromoDialog
          kind="community"
          navigate={navigate}
          trigger={
            <Button size="lg" variant="secondary">
              {t('home.hero.communityButton')}
            </Button>
          }
        />
      </div>
    </section>
  );
}
