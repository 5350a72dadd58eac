import { css, type Theme } from '@emotion/react';
import { useId } from 'react';
import { useT } from '../../../lib/i18n';
import { muted } from './styles';

const field = (theme: Theme) => css`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  column-gap: ${theme.space[2]};
  align-items: center;

  input,
  label {
    cursor: pointer;
  }

  input {
    width: 1.25rem;
    height: 1.25rem;
    margin: 0;
    accent-color: ${theme.colors.accent};
  }

  p {
    grid-column: 2;
    margin: 0;
  }
`;

/** "Tylko dla Ultra": the checkbox that makes a stream Ultra-only (docs/live.md, "Ultra-only streams"). */
export function UltraOnlyField({ checked, onChange, disabled }: { checked: boolean; onChange: (checked: boolean) => void; disabled?: boolean }) {
  const t = useT();
  const id = useId();
  return (
    <div css={field}>
      <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} disabled={disabled} aria-describedby={`${id}-hint`} />
      <label htmlFor={id}>{t('live.audience.ultraOnly')}</label>
      <p id={`${id}-hint`} css={muted}>
        {t('live.audience.hint')}
      </p>
    </div>
  );
}
