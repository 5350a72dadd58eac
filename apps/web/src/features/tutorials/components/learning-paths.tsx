import { css, type Theme } from '@emotion/react';
import { Card } from '@grouarock/ui';
import { Link } from 'react-router-dom';
import { useT } from '../../../lib/i18n';
import { LEARNING_PATHS, pathStepUrl } from '../tutorials-logic';

const grid = (theme: Theme) => css`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 15rem), 1fr));
  gap: ${theme.space[4]};
  margin: 0;
  padding: 0;
`;

const heading = (theme: Theme) => css`
  margin: 0;
  font-family: ${theme.fonts.display};
  font-size: ${theme.fontSizes.xl};
  font-weight: normal;
`;

const text = css`
  margin: 0;
  flex: 1;
`;

const link = (theme: Theme) => css`
  color: ${theme.colors.accentText};
  font-weight: bold;
`;

/** The beginner, intermediate and expert paths, each linking its first step (/tutorials/{path}-1). */
export function LearningPaths() {
  const t = useT();
  return (
    <ul css={grid}>
      {LEARNING_PATHS.map((path) => (
        <Card as="li" padding="md" key={path.id}>
          <h3 css={heading}>{t(path.title)}</h3>
          <p css={text}>{t(path.text)}</p>
          <Link css={link} to={pathStepUrl(path.id, 1)}>
            {t('tutorials.paths.start', { path: t(path.title) })}
          </Link>
        </Card>
      ))}
    </ul>
  );
}
