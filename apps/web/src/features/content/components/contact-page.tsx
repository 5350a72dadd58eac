import { css, type Theme } from '@emotion/react';
import type { MessageId } from '@grouarock/i18n';
import { Card, Grid } from '@grouarock/ui';
import { useT } from '../../../lib/i18n';
import { mailAddresses, type MailTopic } from '../mail';
import { ContentPage, MailLink, sectionHeading } from './content-page';

const topics: readonly { topic: MailTopic; name: MessageId; description: MessageId }[] = [
  { topic: 'general', name: 'content.contact.topic.general', description: 'content.contact.topic.general.desc' },
  { topic: 'support', name: 'content.contact.topic.support', description: 'content.contact.topic.support.desc' },
  { topic: 'career', name: 'content.contact.topic.career', description: 'content.contact.topic.career.desc' },
  { topic: 'partners', name: 'content.contact.topic.partners', description: 'content.contact.topic.partners.desc' },
  { topic: 'investors', name: 'content.contact.topic.investors', description: 'content.contact.topic.investors.desc' },
  { topic: 'press', name: 'content.contact.topic.press', description: 'content.contact.topic.press.desc' },
  { topic: 'privacy', name: 'content.contact.topic.privacy', description: 'content.contact.topic.privacy.desc' },
  { topic: 'copyright', name: 'content.contact.topic.copyright', description: 'content.contact.topic.copyright.desc' },
];

const topicTitle = (theme: Theme) => css`
  margin: 0 0 ${theme.space[2]};
  font-size: ${theme.fontSizes.lg};
`;

const topicText = (theme: Theme) => css`
  margin: 0 0 ${theme.space[3]};
  color: ${theme.colors.textMuted};
`;

/** /contact: one mail address per topic and how the team answers. */
export default function ContactPage() {
  const t = useT();
  return (
    <ContentPage
      metaTitle="content.contact.meta.title"
      metaDescription="content.contact.meta.description"
      title="content.contact.title"
      lead="content.contact.lead"
      sections={[
        {
          heading: 'content.contact.answer.heading',
          paragraphs: ['content.contact.answer.p1', 'content.contact.answer.p2', 'content.contact.answer.p3'],
        },
      ]}
    >
      <section aria-labelledby="contact-addresses">
        <h2 id="contact-addresses" css={sectionHeading}>
          {t('content.contact.addresses.heading')}
        </h2>
        <Grid as="ul" minItemWidth="15rem">
          {topics.map(({ topic, name, description }) => (
            <Card as="li" key={topic}>
              <h3 css={topicTitle}>{t(name)}</h3>
              <p css={topicText}>{t(description)}</p>
              <MailLink address={mailAddresses[topic]} />
            </Card>
          ))}
        </Grid>
      </section>
    </ContentPage>
  );
}
