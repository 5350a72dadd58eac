import { css, type Theme } from '@emotion/react';
import { useState } from 'react';
import { useDocumentMeta } from '../../../lib/document-meta';
import { useT } from '../../../lib/i18n';
import { h1Css, pageCss } from './page-styles';
import { TUTORIALS } from '../tutorials-data';
import { filterTutorials, type CategoryFilter as Category } from '../tutorials-logic';
import { CategoryFilter } from './category-filter';
import { LearningPaths } from './learning-paths';
import { TutorialList } from './tutorial-list';

const h2 = (theme: Theme) => css`
  margin: 0 0 ${theme.space[3]};
  font-family: ${theme.fonts.display};
  font-size: ${theme.fontSizes['2xl']};
  font-weight: normal;
`;

const section = (theme: Theme) => css`
  display: grid;
  gap: ${theme.space[4]};
`;

const lead = css`
  margin: 0;
`;

const count = (theme: Theme) => css`
  margin: 0;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`;

/** /tutorials: the learning paths, the category filter and the tutorial cards. */
export default function TutorialsPage() {
  const t = useT();
  useDocumentMeta({ title: t('tutorials.meta.title'), description: t('tutorials.meta.description') }, t('meta.title'));
  const [category, setCategory] = useState<Category>('all');
  const shown = filterTutorials(TUTORIALS, category);
  return (
    <div css={pageCss}>
      <header css={section}>
        <h1 css={h1Css}>{t('tutorials.title')}</h1>
        <p css={lead}>{t('tutorials.lead')}</p>
      </header>
      <section css={section} aria-labelledby="tutorial-paths-title">
        <div>
          <h2 id="tutorial-paths-title" css={h2}>
            {t('tutorials.paths.title')}
          </h2>
          <p css={lead}>{t('tutorials.paths.lead')}</p>
        </div>
        <LearningPaths />
      </section>
      <section css={section} aria-labelledby="tutorial-list-title">
        <h2 id="tutorial-list-title" css={h2}>
          {t('tutorials.list.label')}
        </h2>
        <CategoryFilter value={category} onChange={setCategory} />
        <p css={count} role="status">
          {t('tutorials.count', { count: shown.length })}
        </p>
        <TutorialList tutorials={shown} />
      </section>
    </div>
  );
}
