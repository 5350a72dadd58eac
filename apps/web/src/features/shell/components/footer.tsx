import { css, type Theme } from '@emotion/react';
import { useT } from '../../../lib/i18n';
import { footerSections } from '../footer-links';
import { NewTabHint } from './new-tab-hint';

const footer = (theme: Theme) => css`
  margin-top: auto;
  border-top: 3px solid ${theme.colors.accent};
  background: ${theme.colors.surfaceSunken};
  color: ${theme.colors.textMuted};
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
    grid-template-columns: 1fr 1fr;
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
          {footerSections.map((section) => (
            <section key={section.title} aria-labelledby={section.title}>
              <h2 id={section.title} css={heading}>
                {t(section.title)}
              </h2>
              <ul css={list}>
                {section.links.map((l) => (
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
          ))}
        </div>
        <p css={bottom}>{t('footer.rights')}</p>
      </div>
    </footer>
  );
}
