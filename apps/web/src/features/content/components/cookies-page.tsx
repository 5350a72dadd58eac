import { mailAddresses } from '../mail';
import { ContentPage } from './content-page';

/** /cookies: the cookies and browser storage the platform uses; no advertising cookies. */
export default function CookiesPage() {
  return (
    <ContentPage
      metaTitle="content.cookies.meta.title"
      metaDescription="content.cookies.meta.description"
      title="content.cookies.title"
      lead="content.cookies.lead"
      sections={[
        { heading: 'content.cookies.cookies.heading', items: ['content.cookies.cookies.refresh', 'content.cookies.cookies.oauth'] },
        { heading: 'content.cookies.local.heading', items: ['content.cookies.local.locale', 'content.cookies.local.session'] },
        { heading: 'content.cookies.sessionStorage.heading', items: ['content.cookies.sessionStorage.visitor'] },
        { heading: 'content.cookies.manage.heading', paragraphs: ['content.cookies.manage.p'], mail: mailAddresses.privacy },
      ]}
    />
  );
}
