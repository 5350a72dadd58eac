import { css, type Theme } from '@emotion/react';
import { useT } from '../../../lib/i18n';
import type { Tutorial } from '../tutorials-data';
import { TutorialCard } from './tutorial-card';

const grid = (theme: Theme) => css`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 18rem), 1fr));
  gap: ${theme.space[4]};
  margin: 0;
  padding: 0;
`;

const empty = (theme: Theme) => css`
  margin: 0;
  padding: ${theme.space[6]} ${theme.space[4]};
  border: 2px dashed ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  color: ${theme.colors.textMuted};
  text-align: center;
`;

/** The cards of the selected category, or "Brak tutoriali w tej kategorii". */
export function TutorialList({ tutorials }: { tutorials: readonly Tutorial[] }) {
  const t = useT();
  if (tutorials.length === 0) return <p css={empty}>{t('tutorials.empty')}</p>;
  return (
    <ul css={grid} aria-label={t('tutorials.list.label')}>
      {tutorials.map((tutorial) => (
        <TutorialCard key={tutorial.id} tutorial={tutorial} />
      ))}
    </ul>
  );
}
