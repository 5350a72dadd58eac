import { css, type Theme } from '@emotion/react';
import type { MessageId } from '@grouarock/i18n';
import { Card } from '@grouarock/ui';
import { useT } from '../../../lib/i18n';
import { mailAddresses } from '../mail';
import { ContentPage, MailLink, sectionHeading } from './content-page';

/** A job offer (title, department, type, location, description, requirements). */
interface JobOffer {
  id: string;
  title: MessageId;
  department: MessageId;
  type: MessageId;
  location: MessageId;
  description: MessageId;
  requirements: readonly MessageId[];
}

export const jobOffers: readonly JobOffer[] = [
  {
    id: 'frontend',
    title: 'content.career.frontend.title',
    department: 'content.career.dept.engineering',
    type: 'content.career.fullTime',
    location: 'content.career.remote',
    description: 'content.career.frontend.description',
    requirements: ['content.career.frontend.req1', 'content.career.frontend.req2', 'content.career.frontend.req3'],
  },
  {
    id: 'backend',
    title: 'content.career.backend.title',
    department: 'content.career.dept.engineering',
    type: 'content.career.fullTime',
    location: 'content.career.remote',
    description: 'content.career.backend.description',
    requirements: ['content.career.backend.req1', 'content.career.backend.req2', 'content.career.backend.req3'],
  },
  {
    id: 'curator',
    title: 'content.career.curator.title',
    department: 'content.career.dept.content',
    type: 'content.career.partTime',
    location: 'content.career.remote',
    description: 'content.career.curator.description',
    requirements: ['content.career.curator.req1', 'content.career.curator.req2', 'content.career.curator.req3'],
  },
  {
    id: 'community',
    title: 'content.career.community.title',
    department: 'content.career.dept.community',
    type: 'content.career.fullTime',
    location: 'content.career.remote',
    description: 'content.career.community.description',
    requirements: ['content.career.community.req1', 'content.career.community.req2', 'content.career.community.req3'],
  },
];

const list = (theme: Theme) => css`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 22rem), 1fr));
  gap: ${theme.space[4]};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const offerCard = (theme: Theme) => css`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[3]};
  line-height: ${theme.lineHeights.normal};
  & p {
    margin: 0;
  }
  & ul {
    margin: 0;
    padding-left: ${theme.space[5]};
  }
`;

const offerTitle = (theme: Theme) => css`
  margin: 0;
  font-size: ${theme.fontSizes.xl};
`;

const facts = (theme: Theme) => css`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${theme.space[1]} ${theme.space[3]};
  margin: 0;
  & dt {
    color: ${theme.colors.textMuted};
  }
  & dd {
    margin: 0;
  }
`;

const requirementsHeading = (theme: Theme) => css`
  margin: 0;
  font-size: ${theme.fontSizes.md};
`;

/** /career: four job offers, each with a mailto: link to kariera@ with the offer's title as the subject. */
export default function CareerPage() {
  const t = useT();
  return (
    <ContentPage
      metaTitle="content.career.meta.title"
      metaDescription="content.career.meta.description"
      title="content.career.title"
      lead="content.career.lead"
      sections={[{ heading: 'content.career.other.heading', paragraphs: ['content.career.other.p'], mail: mailAddresses.career }]}
    >
      <section aria-labelledby="career-offers">
        <h2 id="career-offers" css={sectionHeading}>
          {t('content.career.offers.heading')}
        </h2>
        <ul css={list}>
          {jobOffers.map((offer) => {
            const title = t(offer.title);
            return (
              <Card as="li" key={offer.id} css={offerCard} data-offer={offer.id}>
                <h3 css={offerTitle}>{title}</h3>
                <dl css={facts}>
                  <dt>{t('content.career.department')}</dt>
                  <dd>{t(offer.department)}</dd>
                  <dt>{t('content.career.type')}</dt>
                  <dd>{t(offer.type)}</dd>
                  <dt>{t('content.career.location')}</dt>
                  <dd>{t(offer.location)}</dd>
                </dl>
                <p>{t(offer.description)}</p>
                <h4 css={requirementsHeading}>{t('content.career.requirements')}</h4>
                <ul>
                  {offer.requirements.map((requirement) => (
                    <li key={requirement}>{t(requirement)}</li>
                  ))}
                </ul>
                <p>
                  <MailLink address={mailAddresses.career} subject={title} label={t('content.career.apply', { title })} />
                </p>
              </Card>
            );
          })}
        </ul>
      </section>
    </ContentPage>
  );
}
