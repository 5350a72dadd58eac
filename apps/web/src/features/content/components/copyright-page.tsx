import { mailAddresses } from '../mail';
import { ContentPage } from './content-page';

/** /copyright: how to report an infringement; reports are checked within 48 hours. */
export default function CopyrightPage() {
  return (
    <ContentPage
      metaTitle="content.copyright.meta.title"
      metaDescription="content.copyright.meta.description"
      title="content.copyright.title"
      lead="content.copyright.lead"
      sections={[
        {
          heading: 'content.copyright.report.heading',
          paragraphs: ['content.copyright.report.p'],
          items: [
            'content.copyright.report.work',
            'content.copyright.report.where',
            'content.copyright.report.who',
            'content.copyright.report.statement',
          ],
          mail: mailAddresses.copyright,
        },
        { heading: 'content.copyright.process.heading', paragraphs: ['content.copyright.process.p'] },
        { heading: 'content.copyright.radio.heading', paragraphs: ['content.copyright.radio.p'] },
      ]}
    />
  );
}
