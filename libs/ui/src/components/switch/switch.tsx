import { css, type Theme } from '@emotion/react';
import * as RadixSwitch from '@radix-ui/react-switch';
import { useId } from 'react';
import { fieldHint, fieldLabel } from '../../internal/field-styles';

export interface SwitchProps {
  /** Visible label, also the switch's accessible name (e.g. "Autoodtwarzanie"). */
  label: string;
  /** Optional help text under the label, linked with aria-describedby. */
  description?: string;
  checked?: boolean;
  defaultChecked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
  disabled?: boolean;
  name?: string;
  id?: string;
  className?: string;
}

const row = (theme: Theme) => css`
  display: flex;
  align-items: flex-start;
  gap: ${theme.space[3]};
`;

const root = (theme: Theme) => css`
  position: relative;
  flex-shrink: 0;
  width: 3rem;
  height: 1.75rem;
  padding: 0;
  border: 2px solid ${theme.colors.borderStrong};
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.surfaceSunken};
  cursor: pointer;
  transition:
    background-color ${theme.motion.durations.fast} ease,
    border-color ${theme.motion.durations.fast} ease;

  &[data-state='checked'] {
    background: ${theme.colors.accent};
    border-color: ${theme.colors.accent};
  }

  &:disabled {
    opacity: 0.5;
    cursor: not-allowed;
  }

  /* The visible switch stays compact; an invisible halo gives fingers a 44px target. */
  ${theme.mq.coarsePointer} {
    &::after {
      content: '';
      position: absolute;
      inset: -10px -2px;
    }
  }
`;

const thumb = (theme: Theme) => css`
  display: block;
  width: 1.25rem;
  height: 1.25rem;
  border-radius: ${theme.radii.round};
  background: ${theme.colors.text};
  box-shadow: ${theme.shadows.sm};
  transform: translateX(0.125rem);
  transition: transform ${theme.motion.durations.fast} ${theme.motion.easings.out};

  &[data-state='checked'] {
    transform: translateX(1.375rem);
  }

  ${theme.mq.reducedMotion} {
    transition: none;
  }
`;

const texts = css`
  display: flex;
  flex-direction: column;
  gap: 0.125rem;
  padding-top: 0.125rem;
`;

/** An on/off toggle (role="switch") with a visible, clickable label. */
export function Switch({ label, description, id, className, ...switchProps }: SwitchProps) {
  const generatedId = useId();
  const switchId = id ?? generatedId;
  const descriptionId = `${switchId}-description`;
  return (
    <div css={row} className={className}>
      <RadixSwitch.Root
        id={switchId}
        css={root}
        aria-describedby={description ? descriptionId : undefined}
        {...switchProps}
      >
        <RadixSwitch.Thumb css={thumb} />
      </RadixSwitch.Root>
      <div css={texts}>
        <label htmlFor={switchId} css={(theme) => [fieldLabel(theme), { cursor: 'pointer' }]}>
          {label}
        </label>
        {description ? (
          <span id={descriptionId} css={fieldHint}>
            {description}
          </span>
        ) : null}
      </div>
    </div>
  );
}
