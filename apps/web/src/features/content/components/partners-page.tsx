import { css, type Theme } from '@emotion/react';
import type { MessageId } from '@grouarock/i18n';
import { Card, displayHeading, Grid } from '@grouarock/ui';
import { useT } from '../../../lib/i18n';
import { mailAddresses } from '../mail';
import { ContentPage, MailLink, sectionHeading } from './content-page';
import { RevenueChart } from './revenue-chart';

interface Tier {
  id: 'bronze' | 'silver' | 'gold' | 'platinum';
  name: MessageId;
  /** PLN per month; undefined: price on contact. */
  price?: number;
  features: readonly MessageId[];
}

/** The partnership tiers (Bronze 1,000, Silver 2,500, Gold 5,000 PLN per month, Platinum on contact). */
export const partnerTiers: readonly Tier[] = [
  {
    id: 'bronze',
    name: 'content.partners.tier.bronze',
    price: 1000,
    features: ['content.partners.feature.logo', 'content.partners.feature.social', 'content.partners.feature.report'],
  },
  {
    id: 'silver',
    name: 'content.partners.tier.silver',
    price: 2500,
    features: ['content.partners.feature.allBronze', 'content.partners.feature.radioSpots', 'content.partners.feature.events'],
  },
  {
    id: 'gold',
    name: 'content.partners.tier.gold',
    price: 5000,
    features: ['content.partners.feature.allSilver', 'content.partners.feature.liveSponsor', 'content.partners.feature.manager'],
  },
  {
    id: 'platinum',
    name: 'content.partners.tier.platinum',
    features: ['content.partners.feature.allGold', 'content.partners.feature.custom', 'content.partners.feature.joint'],
  },
];

const section = (theme: Theme) => css`
  margin-top: ${theme.space[6]};
  line-height: ${theme.lineHeights.normal};
`;

const tierCard = (theme: Theme) => css`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[3]};
  & ul {
    flex: 1;
    margin: 0;
    padding-left: ${theme.space[5]};
  }
  & li + li {
    margin-top: ${theme.space[1]};
  }
`;

const tierName = (theme: Theme) => css`
  margin: 0;
  ${displayHeading(theme)}
  font-size: ${theme.fontSizes['2xl']};
`;

const price = (theme: Theme) => css`
  margin: 0;
  font-size: ${theme.fontSizes.lg};
  font-weight: ${theme.fontWeights.bold};
  color: ${theme.colors.text};
`;

/** /partners: the four partnership tiers, the planned revenue mix and the partners' mail address. */
export default function PartnersPage() {
  const t = useT();
  return (
    <ContentPage
      metaTitle="content.partners.meta.title"
      metaDescription="content.partners.meta.description"
      title="content.partners.title"
      lead="content.partners.lead"
      sections={[
        { heading: 'content.partners.contact.heading', paragraphs: ['content.partners.contact.p'], mail: mailAddresses.partners },
      ]}
    >
      <section css={section} aria-labelledby="partners-tiers">
        <h2 id="partners-tiers" css={sectionHeading}>
          {t('content.partners.tiers.heading')}
        </h2>
        <Grid as="ul" minItemWidth="15rem">
          {partnerTiers.map((tier) => (
            <Card as="li" key={tier.id} css={tierCard} data-tier={tier.id}>
              <h3 css={tierName}>{t(tier.name)}</h3>
              <p css={price}>
                {tier.price === undefined ? t('content.partners.priceOnContact') : t('content.partners.price', { amount: tier.price })}
              </p>
              <ul>
                {tier.features.map((feature) => (
                  <li key={feature}>{t(feature)}</li>
                ))}
              </ul>
              <MailLink
                address={mailAddresses.partners}
                subject={`GrouaRock ${t(tier.name)}`}
                label={t('content.partners.contactTier', { tier: t(tier.name) })}
              />
            </Card>
          ))}
        </Grid>
      </section>
      <section css={section} aria-labelledby="partners-mix">
        <h2 id="partners-mix" css={sectionHeading}>
          {t('content.partners.mix.heading')}
        </h2>
        <p>{t('content.partners.mix.p')}</p>
        <RevenueChart labelledBy="partners-mix" />
      </section>
    </ContentPage>
  );
}
