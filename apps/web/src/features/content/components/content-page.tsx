import { css, type Theme } from '@emotion/react';
import { Page, PageTitle } from '@grouarock/ui';
import type { MessageId } from '@grouarock/i18n';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useDocumentMeta } from '../../../lib/document-meta';
import { useT } from '../../../lib/i18n';
import { mailtoHref } from '../mail';

const sectionStyle = (theme: Theme) => css`
  margin-top: ${theme.space[6]};
  line-height: ${theme.lineHeights.normal};
  & > p,
  & > ul {
    max-width: 48rem;
  }
  & ul {
    padding-left: ${theme.space[5]};
  }
  & li + li {
    margin-top: ${theme.space[2]};
  }
`;

export const sectionHeading = (theme: Theme) => css`
  margin: 0 0 ${theme.space[3]};
  font-size: ${theme.fontSizes.xl};
  color: ${theme.colors.text};
`;

export const subHeading = (theme: Theme) => css`
  margin: ${theme.space[4]} 0 ${theme.space[2]};
  font-size: ${theme.fontSizes.lg};
  color: ${theme.colors.text};
`;

export const textLink = (theme: Theme) => css`
  color: ${theme.colors.secondary};
  text-decoration: underline;
  text-underline-offset: 0.2em;
  overflow-wrap: anywhere;
  &:hover {
    color: ${theme.colors.secondaryHover};
  }
`;

/** A mailto: link showing the address itself. */
export function MailLink({ address, subject, label }: { address: string; subject?: string; label?: string }) {
  return (
    <a css={textLink} href={mailtoHref(address, subject)}>
      {label ?? address}
    </a>
  );
}

export interface ContentSectionProps {
  heading: MessageId;
  paragraphs?: readonly MessageId[];
  items?: readonly MessageId[];
  /** A mail address shown as a mailto: link after the text. */
  mail?: string;
  /** An internal link shown after the text. */
  link?: { to: string; label: MessageId };
  children?: ReactNode;
}

/** One h2 section: paragraphs, a bullet list, then an optional mail or internal link. */
export function ContentSection({ heading: headingId, paragraphs = [], items = [], mail, link, children }: ContentSectionProps) {
  const t = useT();
  const id = headingId.replace(/\./g, '-');
  return (
    <section css={sectionStyle} aria-labelledby={id}>
      <h2 id={id} css={sectionHeading}>
        {t(headingId)}
      </h2>
      {paragraphs.map((p) => (
        <p key={p}>{t(p)}</p>
      ))}
      {items.length > 0 ? (
        <ul>
          {items.map((item) => (
            <li key={item}>{t(item)}</li>
          ))}
        </ul>
      ) : null}
      {children}
      {mail ? (
        <p>
          <MailLink address={mail} />
        </p>
      ) : null}
      {link ? (
        <p>
          <Link css={textLink} to={link.to}>
            {t(link.label)}
          </Link>
        </p>
      ) : null}
    </section>
  );
}

export interface ContentPageProps {
  metaTitle: MessageId;
  metaDescription: MessageId;
  title: MessageId;
  lead: MessageId;
  sections?: readonly ContentSectionProps[];
  children?: ReactNode;
}

/** The frame of a content page: document meta, the one h1, the lead, then the sections and any extra content. */
export function ContentPage({ metaTitle, metaDescription, title, lead: leadId, sections = [], children }: ContentPageProps) {
  const t = useT();
  useDocumentMeta({ title: t(metaTitle), description: t(metaDescription) }, t('meta.title'));
  return (
    <Page as="article" width="text">
      <PageTitle size="md" lead={t(leadId)}>
        {t(title)}
      </PageTitle>
      {children}
      {sections.map((section) => (
        <ContentSection key={section.heading} {...section} />
      ))}
    </Page>
  );
}
