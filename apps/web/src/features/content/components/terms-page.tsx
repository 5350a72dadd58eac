import { mailAddresses } from '../mail';
import { ContentPage } from './content-page';

/** /terms: the terms of use (registration voluntary and free, 30 days' notice of changes). */
export default function TermsPage() {
  return (
    <ContentPage
      metaTitle="content.terms.meta.title"
      metaDescription="content.terms.meta.description"
      title="content.terms.title"
      lead="content.terms.lead"
      sections={[
        { heading: 'content.terms.services.heading', paragraphs: ['content.terms.services.p'] },
        { heading: 'content.terms.account.heading', paragraphs: ['content.terms.account.p1', 'content.terms.account.p2'] },
        {
          heading: 'content.terms.rules.heading',
          items: ['content.terms.rules.respect', 'content.terms.rules.copyright', 'content.terms.rules.security'],
        },
        { heading: 'content.terms.paid.heading', paragraphs: ['content.terms.paid.p'] },
        { heading: 'content.terms.changes.heading', paragraphs: ['content.terms.changes.p'] },
        { heading: 'content.terms.contact.heading', paragraphs: ['content.terms.contact.p'], mail: mailAddresses.general },
      ]}
    />
  );
}
