import { useTheme } from '@emotion/react';
import { Slot, Slottable } from '@radix-ui/react-slot';
import { type ComponentPropsWithRef, type MouseEvent } from 'react';
import { SpinnerGraphic } from '../spinner/spinner-graphic';
import { buttonBase, buttonSizes, buttonVariants, type ButtonSize, type ButtonVariant } from './button-styles';

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /**
   * Render the single child element (e.g. a router `<Link>`) with the button's styles and behaviour
   * instead of a `<button>`, so navigation stays a real link.
   */
  asChild?: boolean;
  /**
   * Shows a spinner, sets aria-busy and ignores clicks. The button stays focusable (aria-disabled rather
   * than disabled) so keyboard focus is not thrown back to the page while work is in progress.
   */
  loading?: boolean;
  /** Stretch to the container width (handy for mobile forms). */
  fullWidth?: boolean;
}

export function Button({
  variant = 'primary',
  size = 'md',
  asChild = false,
  loading = false,
  fullWidth = false,
  disabled,
  type,
  onClick,
  children,
  ...rest
}: ButtonProps) {
  const theme = useTheme();
  const Component = asChild ? Slot : 'button';
  // A link cannot be `disabled`, and a loading button must keep focus, so both use aria-disabled.
  const ariaDisabled = loading || (asChild && disabled) ? true : undefined;

  function handleClick(event: MouseEvent<HTMLButtonElement>) {
    if (ariaDisabled) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  }

  return (
    <Component
      css={[buttonBase(theme), buttonVariants(theme)[variant], buttonSizes(theme)[size], fullWidth && { width: '100%' }]}
      // A bare <button> inside a form submits by default; make that opt-in.
      type={asChild ? type : (type ?? 'button')}
      disabled={asChild ? undefined : disabled}
      aria-disabled={ariaDisabled}
      aria-busy={loading || undefined}
      onClick={handleClick}
      {...rest}
    >
      {loading && <SpinnerGraphic />}
      <Slottable>{children}</Slottable>
    </Component>
  );
}
