import { useTheme } from '@emotion/react';
import { type ComponentPropsWithRef, type ReactNode } from 'react';
import {
  buttonBase,
  buttonVariants,
  iconButtonSizes,
  type ButtonSize,
  type ButtonVariant,
} from '../button/button-styles';

export interface IconButtonProps extends Omit<ComponentPropsWithRef<'button'>, 'aria-label' | 'children'> {
  /** Accessible name, required because the button shows only an icon (e.g. "Zamknij", "Wycisz"). */
  label: string;
  /** The icon; it is hidden from assistive technology since `label` names the button. */
  children: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/** A square, icon-only button. At least 44×44px on touch screens. */
export function IconButton({ label, children, variant = 'ghost', size = 'md', type, ...rest }: IconButtonProps) {
  const theme = useTheme();
  return (
    <button
      css={[buttonBase(theme), buttonVariants(theme)[variant], iconButtonSizes(theme)[size]]}
      type={type ?? 'button'}
      aria-label={label}
      {...rest}
    >
      <span aria-hidden="true" css={{ display: 'inline-flex' }}>
        {children}
      </span>
    </button>
  );
}
