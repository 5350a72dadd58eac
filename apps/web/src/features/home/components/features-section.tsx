import { css, type Theme } from '@emotion/react';
import type { MessageId } from '@grouarock/i18n';
import { Card, displayHeading, renderWhenNear } from '@grouarock/ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { externalLinks } from '../../../lib/external-links';
import { useT } from '../../../lib/i18n';
import { AssistantIcon, ChatIcon, CirclesIcon, CommunityIcon, EventsIcon, LiveIcon, MarketIcon, RadioIcon } from './icons';
import { NewTabHint } from '../../../lib/new-tab-hint';
import { coveringLink } from './covering-link';
import { stationCountValues, useStationCount } from '../station-count';

type Target = { kind: 'route'; to: string } | { kind: 'anchor'; href: string } | { kind: 'external'; href: string };

interface Feature {
  title: MessageId;
  text: MessageId;
  icon: ReactNode;
  target: Target;
}

/** The product's 8 features; each links to its page, the live section, or the community site (new tab). */
export const features: readonly Feature[] = [
  { title: 'home.features.community.title', text: 'home.features.community.text', icon: <CommunityIcon />, target: { kind: 'external', href: externalLinks.community } },
  { title: 'home.features.radio.title', text: 'home.features.radio.text', icon: <RadioIcon />, target: { kind: 'route', to: '/radio' } },
  { title: 'home.features.streaming.title', text: 'home.features.streaming.text', icon: <LiveIcon />, target: { kind: 'anchor', href: '/#streaming' } },
  { title: 'home.features.assistant.title', text: 'home.features.assistant.text', icon: <AssistantIcon />, target: { kind: 'route', to: '/ai-studio' } },
  { title: 'home.features.events.title', text: 'home.features.events.text', icon: <EventsIcon />, target: { kind: 'route', to: '/events' } },
  { title: 'home.features.marketplace.title', text: 'home.features.marketplace.text', icon: <MarketIcon />, target: { kind: 'route', to: '/marketplace' } },
  { title: 'home.features.chats.title', text: 'home.features.chats.text', icon: <ChatIcon />, target: { kind: 'external', href: externalLinks.community } },
  { title: 'home.features.circles.title', text: 'home.features.circles.text', icon: <CirclesIcon />, target: { kind: 'external', href: externalLinks.community } },
];

/** Under the first screen: laid out once near (its usual height: 4 columns of cards, 2 on a tablet, 1 on a phone). */
const section = (theme: Theme) => css`
  max-width: 80rem;
  margin: 0 auto;
  padding: ${theme.space[6]} ${theme.space[4]};
  ${renderWhenNear('34rem')}

  ${theme.mq.below('sm')} {
    contain-intrinsic-size: auto 104rem;
  }
`;

const heading = (theme: Theme) => css`
  margin: 0 0 ${theme.space[5]};
  ${displayHeading(theme)}
  font-size: ${theme.fontSizes['4xl']};
  text-align: center;
`;

const grid = (theme: Theme) => css`
  display: grid;
  grid-template-columns: repeat(4, minmax(0, 1fr));
  gap: ${theme.space[4]};
  margin: 0;
  padding: 0;

  ${theme.mq.below('lg')} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }

  ${theme.mq.below('sm')} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const icon = (theme: Theme) => css`
  color: ${theme.colors.accentText};
`;

const cardTitle = (theme: Theme) => css`
  margin: 0;
  font-size: ${theme.fontSizes.xl};
`;

/** The whole card is the link's target. */
const link = (theme: Theme) => coveringLink(theme, '2px');

const text = (theme: Theme) => css`
  margin: 0;
  color: ${theme.colors.textMuted};
`;

function FeatureLink({ target, children }: { target: Target; children: ReactNode }) {
  switch (target.kind) {
    case 'route':
      return (
        <Link to={target.to} css={link}>
          {children}
        </Link>
      );
    case 'anchor':
      return (
        <a href={target.href} css={link}>
          {children}
        </a>
      );
    case 'external':
      return (
        <a href={target.href} target="_blank" rel="noopener noreferrer" css={link}>
          {children}
          <NewTabHint />
        </a>
      );
  }
}

export function FeaturesSection() {
  const t = useT();
  // Only the radio's text says a number; the others take no values.
  const values = stationCountValues(useStationCount());
  return (
    <section css={section} aria-labelledby="home-features">
      <h2 id="home-features" css={heading}>
        {t('home.features.title')}
      </h2>
      <ul css={grid}>
        {features.map((feature) => (
          <Card as="li" key={feature.title} interactive>
            <span css={icon}>{feature.icon}</span>
            <h3 css={cardTitle}>
              <FeatureLink target={feature.target}>{t(feature.title)}</FeatureLink>
            </h3>
            <p css={text}>{t(feature.text, values)}</p>
          </Card>
        ))}
      </ul>
    </section>
  );
}
