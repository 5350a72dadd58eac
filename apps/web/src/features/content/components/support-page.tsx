import { css, type Theme } from '@emotion/react';
import type { MessageId } from '@grouarock/i18n';
import { Spinner } from '@grouarock/ui';
import { Suspense } from 'react';
import { Link } from 'react-router-dom';
import { useT } from '../../../lib/i18n';
import { InlineChat } from '../../assistant';
import { mailAddresses } from '../mail';
import { ContentPage, MailLink, sectionHeading, subHeading, textLink } from './content-page';

interface Faq {
  heading: MessageId;
  questions: readonly { q: MessageId; a: MessageId }[];
}

const faqs: readonly Faq[] = [
  {
    heading: 'content.support.radio.heading',
    questions: [
      { q: 'content.support.radio.q1', a: 'content.support.radio.a1' },
      { q: 'content.support.radio.q2', a: 'content.support.radio.a2' },
      { q: 'content.support.radio.q3', a: 'content.support.radio.a3' },
    ],
  },
  {
    heading: 'content.support.account.heading',
    questions: [
      { q: 'content.support.account.q1', a: 'content.support.account.a1' },
      { q: 'content.support.account.q2', a: 'content.support.account.a2' },
      { q: 'content.support.account.q3', a: 'content.support.account.a3' },
    ],
  },
  {
    heading: 'content.support.recording.heading',
    questions: [
      { q: 'content.support.recording.q1', a: 'content.support.recording.a1' },
      { q: 'content.support.recording.q2', a: 'content.support.recording.a2' },
    ],
  },
  {
    heading: 'content.support.mixer.heading',
    questions: [
      { q: 'content.support.mixer.q1', a: 'content.support.mixer.a1' },
      { q: 'content.support.mixer.q2', a: 'content.support.mixer.a2' },
    ],
  },
];

const faqSection = (theme: Theme) => css`
  margin-top: ${theme.space[6]};
  line-height: ${theme.lineHeights.normal};
  & p {
    max-width: 48rem;
    margin: 0;
    color: ${theme.colors.textMuted};
  }
`;

/** /support: the assistant, the FAQ on the radio, the account, recording and the mixer, the tutorials and the support address. */
export default function SupportPage() {
  const t = useT();
  return (
    <ContentPage
      metaTitle="content.support.meta.title"
      metaDescription="content.support.meta.description"
      title="content.support.title"
      lead="content.support.lead"
    >
      <Suspense fallback={<Spinner label={t('common.loading')} />}>
        <InlineChat />
      </Suspense>
      {faqs.map((faq) => {
        const id = faq.heading.replace(/\./g, '-');
        return (
          <section key={faq.heading} css={faqSection} aria-labelledby={id}>
            <h2 id={id} css={sectionHeading}>
              {t(faq.heading)}
            </h2>
            {faq.questions.map(({ q, a }) => (
              <div key={q}>
                <h3 css={subHeading}>{t(q)}</h3>
                <p>{t(a)}</p>
              </div>
            ))}
          </section>
        );
      })}
      <section css={faqSection} aria-labelledby="support-tutorials">
        <h2 id="support-tutorials" css={sectionHeading}>
          {t('content.support.tutorials.heading')}
        </h2>
        <p>{t('content.support.tutorials.p')}</p>
        <p>
          <Link css={textLink} to="/tutorials">
            {t('content.support.tutorials.link')}
          </Link>
        </p>
      </section>
      <section css={faqSection} aria-labelledby="support-contact">
        <h2 id="support-contact" css={sectionHeading}>
          {t('content.support.contact.heading')}
        </h2>
        <p>{t('content.support.contact.p')}</p>
        <p>
          <MailLink address={mailAddresses.support} />
        </p>
      </section>
    </ContentPage>
  );
}
