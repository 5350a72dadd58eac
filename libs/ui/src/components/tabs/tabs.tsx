import { css, type Theme } from '@emotion/react';
import * as RadixTabs from '@radix-ui/react-tabs';
import { type ReactNode } from 'react';

export interface TabItem {
  /** Stable key, also the value reported by onValueChange. */
  value: string;
  /** Visible tab text. */
  label: ReactNode;
  content: ReactNode;
  disabled?: boolean;
}

export interface TabsProps {
  items: readonly TabItem[];
  /** Accessible name of the tab list, e.g. "Widok radia". */
  label: string;
  value?: string;
  /** Defaults to the first item. */
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  /** Tabs share the row equally (typical on mobile). */
  fullWidth?: boolean;
  className?: string;
}

const list = (theme: Theme) => css`
  display: flex;
  gap: ${theme.space[1]};
  /* Inset shadows instead of borders: the list scrolls sideways on phones, which would clip an overhang. */
  box-shadow: inset 0 -2px 0 ${theme.colors.border};
  overflow-x: auto;
  scrollbar-width: none;
`;

const trigger = (theme: Theme, fullWidth: boolean) => css`
  flex: ${fullWidth ? '1 1 0' : '0 0 auto'};
  min-height: 44px;
  padding: ${theme.space[2]} ${theme.space[4]};
  border: none;
  background: transparent;
  color: ${theme.colors.textMuted};
  font-family: ${theme.fonts.display};
  font-size: ${theme.fontSizes.xl};
  letter-spacing: ${theme.letterSpacings.wide};
  cursor: pointer;
  transition:
    color ${theme.motion.durations.fast} ease,
    box-shadow ${theme.motion.durations.fast} ease;

  &:hover:not([data-disabled]) {
    color: ${theme.colors.text};
  }

  &[data-state='active'] {
    color: ${theme.colors.text};
    box-shadow: inset 0 -4px 0 ${theme.colors.accent};
  }

  &[data-disabled] {
    opacity: 0.5;
    cursor: not-allowed;
  }

  &:focus-visible {
    outline-offset: -3px;
  }
`;

const panel = (theme: Theme) => css`
  padding-top: ${theme.space[4]};
`;

/** Radix Tabs: arrow keys move between tabs, Home/End jump, the panel follows the selected tab. */
export function Tabs({ items, label, value, defaultValue, onValueChange, fullWidth = false, className }: TabsProps) {
  return (
    <RadixTabs.Root
      value={value}
      defaultValue={defaultValue ?? items[0]?.value}
      onValueChange={onValueChange}
      className={className}
    >
      <RadixTabs.List css={list} aria-label={label}>
        {items.map((item) => (
          <RadixTabs.Trigger
            key={item.value}
            value={item.value}
            disabled={item.disabled}
            css={(theme) => trigger(theme, fullWidth)}
          >
            {item.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {items.map((item) => (
        <RadixTabs.Content key={item.value} value={item.value} css={panel}>
          {item.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
