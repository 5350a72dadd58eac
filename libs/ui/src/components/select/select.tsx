import { css, type Theme } from '@emotion/react';
import * as RadixSelect from '@radix-ui/react-select';
import { useId, useState } from 'react';
import { fieldControl, fieldHint, fieldLabel, fieldStack } from '../../internal/field-styles';
import { CheckIcon, ChevronDownIcon } from '../../internal/icons';

export interface SelectOption {
  value: string;
  /** Visible (translated) option text. */
  label: string;
  disabled?: boolean;
}

export interface SelectProps {
  /** Visible label, also the trigger's accessible name (e.g. "Gatunek"). */
  label: string;
  options: readonly SelectOption[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  /** Shown while nothing is selected, e.g. "Wybierz gatunek". */
  placeholder?: string;
  /** Help text under the field, linked with aria-describedby. */
  hint?: string;
  disabled?: boolean;
  required?: boolean;
  /** Form field name; Radix then renders a hidden native select so forms submit the value. */
  name?: string;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  id?: string;
  className?: string;
}

const trigger = (theme: Theme) => css`
  ${fieldControl(theme)};
  display: inline-flex;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space[2]};
  text-align: left;
  cursor: pointer;

  &[data-placeholder] {
    color: ${theme.colors.textMuted};
  }
`;

const content = (theme: Theme) => css`
  z-index: ${theme.zIndices.popover};
  min-width: var(--radix-select-trigger-width);
  max-height: var(--radix-select-content-available-height);
  overflow: hidden;
  border: 2px solid ${theme.colors.borderStrong};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surfaceRaised};
  box-shadow: ${theme.shadows.md};
`;

const viewport = (theme: Theme) => css`
  padding: ${theme.space[1]};
`;

const item = (theme: Theme) => css`
  position: relative;
  display: flex;
  align-items: center;
  min-height: 44px;
  padding: ${theme.space[2]} ${theme.space[3]} ${theme.space[2]} ${theme.space[6]};
  border-radius: ${theme.radii.sm};
  color: ${theme.colors.text};
  cursor: pointer;
  user-select: none;
  outline: none;

  &[data-highlighted] {
    background: ${theme.colors.accent};
    color: ${theme.colors.onAccent};
  }

  &[data-disabled] {
    color: ${theme.colors.textMuted};
    cursor: not-allowed;
  }
`;

const indicator = (theme: Theme) => css`
  position: absolute;
  left: ${theme.space[2]};
  display: inline-flex;
`;

/** A labelled dropdown (Radix Select): type-ahead, arrow keys, Enter/Space to pick, Escape to close. */
export function Select({
  label,
  options,
  placeholder,
  hint,
  id,
  className,
  disabled,
  open,
  defaultOpen = false,
  onOpenChange,
  ...rootProps
}: SelectProps) {
  const generatedId = useId();
  // Open state is mirrored here (controlled or not) for the trigger's tabIndex below.
  const [uncontrolledOpen, setUncontrolledOpen] = useState(defaultOpen);
  const isOpen = open ?? uncontrolledOpen;
  const triggerId = id ?? generatedId;
  const hintId = `${triggerId}-hint`;
  return (
    <div css={fieldStack} className={className}>
      <label htmlFor={triggerId} css={fieldLabel}>
        {label}
      </label>
      <RadixSelect.Root
        disabled={disabled}
        open={isOpen}
        onOpenChange={(next) => {
          if (open === undefined) setUncontrolledOpen(next);
          onOpenChange?.(next);
        }}
        {...rootProps}
      >
        <RadixSelect.Trigger
          id={triggerId}
          css={trigger}
          aria-describedby={hint ? hintId : undefined}
          // While open, Radix hides everything outside the listbox (aria-hidden) and traps focus in it. Taking
          // the trigger out of the tab order as well keeps it from being a focusable element inside a hidden
          // region (axe: aria-hidden-focus). Radix still focuses it programmatically on close.
          tabIndex={isOpen ? -1 : undefined}
        >
          <RadixSelect.Value placeholder={placeholder} />
          <RadixSelect.Icon css={{ display: 'inline-flex' }}>
            <ChevronDownIcon />
          </RadixSelect.Icon>
        </RadixSelect.Trigger>
        <RadixSelect.Portal>
          <RadixSelect.Content css={content} position="popper" sideOffset={4}>
            <RadixSelect.Viewport css={viewport}>
              {options.map((option) => (
                <RadixSelect.Item key={option.value} value={option.value} disabled={option.disabled} css={item}>
                  <RadixSelect.ItemIndicator css={indicator}>
                    <CheckIcon />
                  </RadixSelect.ItemIndicator>
                  <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
                </RadixSelect.Item>
              ))}
            </RadixSelect.Viewport>
          </RadixSelect.Content>
        </RadixSelect.Portal>
      </RadixSelect.Root>
      {hint ? (
        <span id={hintId} css={fieldHint}>
          {hint}
        </span>
      ) : null}
    </div>
  );
}
