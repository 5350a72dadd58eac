import { css, type Theme } from '@emotion/react';
import * as RadixMenu from '@radix-ui/react-dropdown-menu';
import { type ComponentPropsWithRef, type ReactElement, type ReactNode } from 'react';

export type DropdownMenuAlign = 'start' | 'center' | 'end';

export interface DropdownMenuProps {
  /** The element that opens the menu (a Button or IconButton); it gets aria-haspopup and aria-expanded. */
  trigger: ReactElement;
  /** DropdownMenuLabel, DropdownMenuItem and DropdownMenuSeparator elements. */
  children: ReactNode;
  /** Accessible name of the menu itself, e.g. "Konto". Defaults to the trigger's name (Radix aria-labelledby). */
  label?: string;
  align?: DropdownMenuAlign;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
}

const content = (theme: Theme) => css`
  z-index: ${theme.zIndices.dropdown};
  min-width: 14rem;
  max-width: min(22rem, calc(100vw - 1rem));
  padding: ${theme.space[1]};
  border: 2px solid ${theme.colors.borderStrong};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surfaceRaised};
  color: ${theme.colors.text};
  box-shadow: ${theme.shadows.md};
`;

const item = (theme: Theme) => css`
  display: flex;
  align-items: center;
  gap: ${theme.space[2]};
  width: 100%;
  min-height: 44px;
  padding: ${theme.space[2]} ${theme.space[3]};
  border: 0;
  border-radius: ${theme.radii.sm};
  background: transparent;
  color: ${theme.colors.text};
  font: inherit;
  text-align: left;
  text-decoration: none;
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

const label = (theme: Theme) => css`
  padding: ${theme.space[2]} ${theme.space[3]};
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
  overflow-wrap: anywhere;
`;

const separator = (theme: Theme) => css`
  height: 1px;
  margin: ${theme.space[1]} 0;
  background: ${theme.colors.border};
`;

/**
 * A menu of actions opened from a button (Radix DropdownMenu): Enter, Space or ArrowDown open it, arrow keys
 * move, typing jumps to an item, Escape closes it and focus returns to the trigger.
 */
export function DropdownMenu({ trigger, children, label: menuLabel, align = 'end', open, defaultOpen, onOpenChange }: DropdownMenuProps) {
  return (
    <RadixMenu.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange} modal={false}>
      <RadixMenu.Trigger asChild>{trigger}</RadixMenu.Trigger>
      <RadixMenu.Portal>
        <RadixMenu.Content
          css={content}
          align={align}
          sideOffset={6}
          collisionPadding={8}
          // Radix names the menu after its trigger; an explicit label replaces that.
          {...(menuLabel ? { 'aria-label': menuLabel, 'aria-labelledby': undefined } : {})}
        >
          {children}
        </RadixMenu.Content>
      </RadixMenu.Portal>
    </RadixMenu.Root>
  );
}

export interface DropdownMenuItemProps extends Omit<ComponentPropsWithRef<'div'>, 'onSelect'> {
  /** Runs when the item is chosen by click, Enter or Space; the menu then closes. */
  onSelect?: (event: Event) => void;
  disabled?: boolean;
  /** Render the single child (e.g. a router `<Link>`) as the item, so navigation stays a real link. */
  asChild?: boolean;
}

/** One action of the menu (role="menuitem"). */
export function DropdownMenuItem({ onSelect, disabled, asChild, ...rest }: DropdownMenuItemProps) {
  return <RadixMenu.Item css={item} onSelect={onSelect} disabled={disabled} asChild={asChild} {...rest} />;
}

/** A non-interactive heading inside the menu, e.g. "Zalogowany jako fan@example.com". */
export function DropdownMenuLabel(props: ComponentPropsWithRef<'div'>) {
  return <RadixMenu.Label css={label} {...props} />;
}

/** A thin rule between groups of items. */
export function DropdownMenuSeparator() {
  return <RadixMenu.Separator css={separator} />;
}
