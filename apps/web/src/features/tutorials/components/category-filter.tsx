import { css, type Theme } from '@emotion/react';
import { Button } from '@grouarock/ui';
import { useT } from '../../../lib/i18n';
import { CATEGORY_FILTERS, CATEGORY_LABELS, type CategoryFilter as Category } from '../tutorials-logic';

const group = (theme: Theme) => css`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[2]};
`;

export interface CategoryFilterProps {
  value: Category;
  onChange: (value: Category) => void;
}

/** Toggle buttons (aria-pressed) for the categories: all, beginner, api, radio, audio, advanced. */
export function CategoryFilter({ value, onChange }: CategoryFilterProps) {
  const t = useT();
  return (
    <div role="group" aria-label={t('tutorials.filter.label')} css={group}>
      {CATEGORY_FILTERS.map((category) => (
        <Button
          key={category}
          type="button"
          size="sm"
          variant={category === value ? 'primary' : 'secondary'}
          aria-pressed={category === value}
          onClick={() => onChange(category)}
        >
          {t(CATEGORY_LABELS[category])}
        </Button>
      ))}
    </div>
  );
}
