import { css, type Theme } from '@emotion/react';
import { displayHeading } from '@grouarock/ui';
import type { MessageId } from '@grouarock/i18n';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useDocumentMeta } from '../../../lib/document-meta';
import { useT } from '../../../lib/i18n';
import { mailtoHref } from '../mail';

const page = (theme: Theme) => css`
  max-width: 64rem;
  margin: 0 auto;
  padding: ${theme.space[7]} ${theme.space[4]} ${theme.space[8]};
  overflow-wrap: break-word;
  ${theme.mq.belowMobile} {
    padding-top: ${theme.space[5]};
  }
`;

const heading = (theme: Theme) => css`
  margin: 0 0 ${theme.space[4]};
  ${displayHeading(theme)}
  font-size: clamp(${theme.fontSizes['2xl']}, 8vw, ${theme.fontSizes['4xl']});
  line-height: 1.1;
  color: ${theme.colors.text};
`;

const lead = (theme: Theme) => css`
  max-width: 48rem;
  margin: 0 0 ${theme.space[6]};
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.lg};
  line-height: ${theme.lineHeights.normal};
`;

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

/** A responsive grid of cards (one column at 375 px). */
export const cardGrid = (theme: Theme) => css`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 15rem), 1fr));
  gap: ${theme.space[4]};
  margin: 0;
  padding: 0;
  list-style: none;
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
    <article css={page}>
      <h1 css={heading}>{t(title)}</h1>
      <p css={lead}>{t(leadId)}</p>
      {children}
      {sections.map((section) => (
        <ContentSection key={section.heading} {...section} />
      ))}
    </article>
  );
}
