import { Link } from 'react-router-dom';
import { useT } from '../../../lib/i18n';
import { mailAddresses } from '../mail';
import { ContentPage, textLink } from './content-page';

/** /privacy: what the platform stores, for how long (5 years at most) and the user's rights. */
export default function PrivacyPage() {
  const t = useT();
  return (
    <ContentPage
      metaTitle="content.privacy.meta.title"
      metaDescription="content.privacy.meta.description"
      title="content.privacy.title"
      lead="content.privacy.lead"
      sections={[
        {
          heading: 'content.privacy.data.heading',
          items: [
            'content.privacy.data.email',
            'content.privacy.data.username',
            'content.privacy.data.sessions',
            'content.privacy.data.likes',
            'content.privacy.data.visits',
            'content.privacy.data.errors',
          ],
        },
        { heading: 'content.privacy.notStored.heading', paragraphs: ['content.privacy.notStored.p'] },
        { heading: 'content.privacy.retention.heading', paragraphs: ['content.privacy.retention.p'] },
        { heading: 'content.privacy.rights.heading', paragraphs: ['content.privacy.rights.p'] },
        { heading: 'content.privacy.contact.heading', paragraphs: ['content.privacy.contact.p'], mail: mailAddresses.privacy },
      ]}
    >
      <p>
        <Link css={textLink} to="/cookies">
          {t('content.cookies.title')}
        </Link>
      </p>
    </ContentPage>
  );
}
