import { css, type Theme } from '@emotion/react';
import { renderWhenNear } from '@grouarock/ui';
import { useId, useState } from 'react';
import type { FooterSection as Section } from '../footer-links';
import { useT } from '../../../lib/i18n';
import { footerSections } from '../footer-links';
import { NewTabHint } from '../../../lib/new-tab-hint';
import { desktopOnly, mobileOnly } from './responsive';

const footer = (theme: Theme) => css`
  margin-top: auto;
  border-top: 3px solid ${theme.colors.accent};
  background: ${theme.colors.surfaceSunken};
  color: ${theme.colors.textMuted};
  /* Below the first screen of most pages (a third of a page's elements). */
  ${renderWhenNear('24rem')}
`;

const inner = (theme: Theme) => css`
  max-width: 80rem;
  margin: 0 auto;
  padding: ${theme.space[7]} ${theme.space[4]} ${theme.space[5]};
`;

const grid = (theme: Theme) => css`
  display: grid;
  grid-template-columns: 2fr repeat(5, 1fr);
  gap: ${theme.space[5]};

  ${theme.mq.below('lg')} {
    grid-template-columns: repeat(3, 1fr);
  }

  ${theme.mq.belowMobile} {
    grid-template-columns: 1fr;
    gap: ${theme.space[2]};
  }
`;

const section = (theme: Theme) => css`
  ${theme.mq.belowMobile} {
    border-bottom: 1px solid ${theme.colors.border};
    padding-bottom: ${theme.space[2]};
  }
`;

const heading = (theme: Theme) => css`
  margin: 0 0 ${theme.space[3]};
  color: ${theme.colors.text};
  font-family: ${theme.fonts.display};
  font-size: ${theme.fontSizes.xl};
  font-weight: normal;
  letter-spacing: 0.05em;
`;

const list = css`
  margin: 0;
  padding: 0;
  list-style: none;
`;


/** Below 768 px a section's links show only while its disclosure button is expanded. */
const collapsedOnMobile = desktopOnly;

const toggle = (theme: Theme) => css`
  display: flex;
  align-items: center;
  justify-content: space-between;
  width: 100%;
  min-height: ${theme.touchTarget};
  padding: 0;
  border: none;
  background: none;
  color: inherit;
  font: inherit;
  letter-spacing: inherit;
  text-align: left;
  cursor: pointer;

  svg {
    transition: transform ${theme.motion.durations.base};
  }

  &[aria-expanded='true'] svg {
    transform: rotate(180deg);
  }
`;

const link = (theme: Theme) => css`
  display: inline-flex;
  align-items: center;
  min-height: 2rem;
  color: ${theme.colors.textMuted};
  text-decoration: none;

  &:hover {
    color: ${theme.colors.secondary};
    text-decoration: underline;
  }

  ${theme.mq.coarsePointer} {
    min-height: ${theme.touchTarget};
  }
`;

const bottom = (theme: Theme) => css`
  margin: ${theme.space[6]} 0 0;
  padding-top: ${theme.space[4]};
  border-top: 1px solid ${theme.colors.border};
  font-size: ${theme.fontSizes.sm};
`;

const brand = (theme: Theme) => css`
  margin: 0 0 ${theme.space[2]};
  color: ${theme.colors.text};
  font-family: ${theme.fonts.display};
  font-size: ${theme.fontSizes['3xl']};
  letter-spacing: 0.04em;
`;

function Chevron() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true" focusable="false">
      <path d="m6 9 6 6 6-6" />
    </svg>
  );
}

/** One column of links; below 768 px its heading is a disclosure button and the links start collapsed. */
function FooterSection({ section: { title, links } }: { section: Section }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <section css={section} aria-labelledby={title}>
      <h2 id={title} css={heading}>
        <span css={desktopOnly}>{t(title)}</span>
        <button type="button" css={[toggle, mobileOnly]} aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)}>
          {t(title)}
          <Chevron />
        </button>
      </h2>
      <ul id={listId} css={[list, !open && collapsedOnMobile]}>
        {links.map((l) => (
          <li key={l.label}>
            {l.newTab ? (
              <a css={link} href={l.href} target="_blank" rel="noopener noreferrer">
                {t(l.label)}
                <NewTabHint />
              </a>
            ) : (
              <a css={link} href={l.href}>
                {t(l.label)}
              </a>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function Footer() {
  const t = useT();
  return (
    <footer css={footer} aria-label={t('footer.label')}>
      <div css={inner}>
        <div css={grid}>
          <div>
            <p css={brand}>{t('brand.name')}</p>
            <p>{t('footer.tagline')}</p>
          </div>
          {footerSections.map((s) => (
            <FooterSection key={s.title} section={s} />
          ))}
        </div>
        <p css={bottom}>{t('footer.rights')}</p>
      </div>
    </footer>
  );
}
