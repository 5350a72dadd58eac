import { mailAddresses } from '../mail';
import { ContentPage } from './content-page';

/** /press: GrouaRock in short, what the press team helps with and the press mail address. */
export default function PressPage() {
  return (
    <ContentPage
      metaTitle="content.press.meta.title"
      metaDescription="content.press.meta.description"
      title="content.press.title"
      lead="content.press.lead"
      sections={[
        { heading: 'content.press.about.heading', paragraphs: ['content.press.about.p'] },
        {
          heading: 'content.press.requests.heading',
          items: ['content.press.requests.interviews', 'content.press.requests.materials', 'content.press.requests.facts'],
        },
        { heading: 'content.press.contact.heading', paragraphs: ['content.press.contact.p'], mail: mailAddresses.press },
      ]}
    />
  );
}
