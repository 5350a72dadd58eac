import { css, type Theme } from '@emotion/react';
import { Badge } from '@grouarock/ui';
import { Link, useParams } from 'react-router-dom';
import { useT } from '../../../lib/i18n';
import { NotFoundPage } from '../../not-found';
import { pathStepUrl, resolvePathStep } from '../tutorials-logic';
import { TutorialArticle } from './tutorial-article';

const next = (theme: Theme) => css`
  margin-top: ${theme.space[4]};
  color: ${theme.colors.accentText};
  font-weight: bold;
`;

/** /tutorials/{path}-{n} (e.g. beginner-1): the n-th tutorial of a learning path, or the 404 page. */
export default function LearningPathPage() {
  const t = useT();
  const { step: slug } = useParams();
  const resolved = resolvePathStep(slug);
  if (!resolved) return <NotFoundPage />;
  const { path, step, tutorial, next: nextTutorial } = resolved;
  return (
    <TutorialArticle
      key={slug}
      tutorial={tutorial}
      aside={
        <p>
          <Badge tone="accent">{t('tutorials.paths.step', { path: t(path.title), step, total: path.tutorialIds.length })}</Badge>
        </p>
      }
      footer={
        nextTutorial ? (
          <Link css={next} to={pathStepUrl(path.id, step + 1)}>
            {t('tutorials.article.next', { title: t(nextTutorial.title) })}
          </Link>
        ) : null
      }
    />
  );
}
