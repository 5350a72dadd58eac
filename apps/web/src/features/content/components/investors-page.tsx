import { mailAddresses } from '../mail';
import { ContentPage } from './content-page';

/** /investors: the business model, the directions of growth and the investor mail address. */
export default function InvestorsPage() {
  return (
    <ContentPage
      metaTitle="content.investors.meta.title"
      metaDescription="content.investors.meta.description"
      title="content.investors.title"
      lead="content.investors.lead"
      sections={[
        {
          heading: 'content.investors.model.heading',
          paragraphs: ['content.investors.model.p'],
          link: { to: '/partners', label: 'content.investors.model.link' },
        },
        {
          heading: 'content.investors.growth.heading',
          items: [
            'content.investors.growth.radio',
            'content.investors.growth.live',
            'content.investors.growth.studio',
            'content.investors.growth.community',
          ],
        },
        { heading: 'content.investors.contact.heading', paragraphs: ['content.investors.contact.p'], mail: mailAddresses.investors },
      ]}
    />
  );
}
