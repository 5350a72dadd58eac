import { mailAddresses } from '../mail';
import { ContentPage } from './content-page';

/** /about: who GrouaRock is, what it offers and what it believes in. */
export default function AboutPage() {
  return (
    <ContentPage
      metaTitle="content.about.meta.title"
      metaDescription="content.about.meta.description"
      title="content.about.title"
      lead="content.about.lead"
      sections={[
        { heading: 'content.about.mission.heading', paragraphs: ['content.about.mission.p1', 'content.about.mission.p2'] },
        {
          heading: 'content.about.offer.heading',
          items: ['content.about.offer.radio', 'content.about.offer.live', 'content.about.offer.events', 'content.about.offer.studio'],
        },
        {
          heading: 'content.about.values.heading',
          items: ['content.about.values.community', 'content.about.values.openness', 'content.about.values.privacy'],
        },
        {
          heading: 'content.about.contact.heading',
          paragraphs: ['content.about.contact.p'],
          mail: mailAddresses.general,
          link: { to: '/contact', label: 'content.contactLink' },
        },
      ]}
    />
  );
}
