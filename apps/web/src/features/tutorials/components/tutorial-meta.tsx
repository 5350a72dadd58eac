import { css, type Theme } from '@emotion/react';
import { Badge } from '@grouarock/ui';
import { useT } from '../../../lib/i18n';
import type { Tutorial } from '../tutorials-data';
import { DIFFICULTY_LABELS, readingMinutes, tutorialTextIds } from '../tutorials-logic';

const metaList = (theme: Theme) => css`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[2]};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const muted = (theme: Theme) => css`
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`;

/** Difficulty, type, reading time (computed from the text in the current language), author and tags. */
export function TutorialMeta({ tutorial }: { tutorial: Tutorial }) {
  const t = useT();
  const minutes = readingMinutes(tutorialTextIds(tutorial).map((id) => t(id)));
  return (
    <>
      <ul css={metaList}>
        <li>
          <Badge tone={tutorial.difficulty === 'hard' ? 'accent' : 'secondary'}>
            {t('tutorials.difficulty.label', { difficulty: t(DIFFICULTY_LABELS[tutorial.difficulty]) })}
          </Badge>
        </li>
        <li>
          <Badge>{t('tutorials.type.article')}</Badge>
        </li>
        <li>
          <Badge>{t('tutorials.duration', { minutes })}</Badge>
        </li>
      </ul>
      <p css={muted}>{t('tutorials.author', { author: t(tutorial.author) })}</p>
      <ul css={[metaList, muted]} aria-label={t('tutorials.tags.label')}>
        {tutorial.tags.map((tag) => (
          <li key={tag}>{t(tag)}</li>
        ))}
      </ul>
    </>
  );
}
