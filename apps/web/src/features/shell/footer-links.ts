import type { MessageId } from '@grouarock/i18n';
import { externalLinks } from '../../lib/external-links';

export interface FooterLink {
  label: MessageId;
  href: string;
  /** Internal pages open in a new tab (with no opener), by design; the in-page anchor does not. */
  newTab: boolean;
}

export interface FooterSection {
  title: MessageId;
  links: FooterLink[];
}

const page = (label: MessageId, href: string): FooterLink => ({ label, href, newTab: true });
const external = page;

export const footerSections: readonly FooterSection[] = [
  {
    title: 'footer.section.platform',
    links: [
      page('footer.radio', '/radio'),
      { label: 'footer.streaming', href: '/#streaming', newTab: false },
      page('footer.events', '/events'),
      page('footer.subscription', '/subscription'),
    ],
  },
  {
    title: 'footer.section.help',
    links: [page('footer.support', '/support'), page('footer.tutorials', '/tutorials'), page('footer.contact', '/contact')],
  },
  {
    title: 'footer.section.company',
    links: [
      page('footer.about', '/about'),
      page('footer.career', '/career'),
      page('footer.press', '/press'),
      page('footer.investors', '/investors'),
    ],
  },
  {
    title: 'footer.section.legal',
    links: [
      page('footer.privacy', '/privacy'),
      page('footer.terms', '/terms'),
      page('footer.cookies', '/cookies'),
      page('footer.copyright', '/copyright'),
    ],
  },
  {
    title: 'footer.section.social',
    links: [
      external('footer.community', externalLinks.community),
      external('footer.marketplace', externalLinks.marketplace),
      external('footer.status', externalLinks.status),
      external('footer.facebook', externalLinks.facebook),
      external('footer.instagram', externalLinks.instagram),
      external('footer.youtube', externalLinks.youtube),
    ],
  },
];
