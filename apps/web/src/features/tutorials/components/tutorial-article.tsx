import { css, type Theme } from '@emotion/react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useDocumentMeta } from '../../../lib/document-meta';
import { useT } from '../../../lib/i18n';
import type { Tutorial } from '../tutorials-data';
import { h1Css, pageCss } from './page-styles';
import { TutorialMeta } from './tutorial-meta';

const article = (theme: Theme) => css`
  display: grid;
  gap: ${theme.space[4]};
  width: min(100%, 48rem);
  margin: 0 auto;
  line-height: 1.6;
`;

const h2 = (theme: Theme) => css`
  margin: ${theme.space[4]} 0 0;
  font-family: ${theme.fonts.display};
  font-size: ${theme.fontSizes['2xl']};
  font-weight: normal;
`;

const intro = (theme: Theme) => css`
  margin: 0;
  font-size: ${theme.fontSizes.lg};
`;

const para = css`
  margin: 0;
`;

const back = (theme: Theme) => css`
  color: ${theme.colors.accentText};
`;

const contents = (theme: Theme) => css`
  margin: 0;
  padding-left: ${theme.space[5]};
`;

/** A whole tutorial: title, meta, intro, contents and sections. `aside` goes above the title (path step). */
export function TutorialArticle({ tutorial, aside, footer }: { tutorial: Tutorial; aside?: ReactNode; footer?: ReactNode }) {
  const t = useT();
  useDocumentMeta({ title: `${t(tutorial.title)} — ${t('tutorials.meta.title')}`, description: t(tutorial.description) }, t('meta.title'));
  const sectionId = (index: number) => `${tutorial.id}-${index + 1}`;
  return (
    <div css={pageCss}>
      <article css={article} aria-labelledby="tutorial-title">
        <Link css={back} to="/tutorials">
          {t('tutorials.article.back')}
        </Link>
        {aside}
        <h1 id="tutorial-title" css={h1Css}>
          {t(tutorial.title)}
        </h1>
        <TutorialMeta tutorial={tutorial} />
        <p css={intro}>{t(tutorial.content.intro)}</p>
        <nav aria-label={t('tutorials.article.contents')}>
          <ol css={contents}>
            {tutorial.content.sections.map((s, index) => (
              <li key={s.title}>
                <a href={`#${sectionId(index)}`}>{t(s.title)}</a>
              </li>
            ))}
          </ol>
        </nav>
        {tutorial.content.sections.map((s, index) => (
          <section key={s.title} aria-labelledby={sectionId(index)}>
            <h2 id={sectionId(index)} css={h2}>
              {t(s.title)}
            </h2>
            <p css={para}>{t(s.body)}</p>
          </section>
        ))}
        {footer}
      </article>
    </div>
  );
}
