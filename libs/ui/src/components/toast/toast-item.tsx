import { css, keyframes, type Theme } from '@emotion/react';
import * as RadixToast from '@radix-ui/react-toast';
import { type ReactElement } from 'react';
import { IconButton } from '../icon-button/icon-button';
import { AlertIcon, CloseIcon, InfoIcon, SuccessIcon } from '../../internal/icons';
import { type ToastTone } from './toast-context';

const slideIn = keyframes`
  from {
    transform: translateX(calc(100% + 1.5rem));
  }
  to {
    transform: translateX(0);
  }
`;

const fadeOut = keyframes`
  from {
    opacity: 1;
  }
  to {
    opacity: 0;
  }
`;

const toneColor = (theme: Theme): Record<ToastTone, { accent: string; tint: string }> => ({
  success: { accent: theme.colors.success, tint: theme.colors.successTint },
  error: { accent: theme.colors.accentText, tint: theme.colors.errorTint },
  info: { accent: theme.colors.info, tint: theme.colors.infoTint },
});

const toneIcon: Record<ToastTone, ReactElement> = {
  success: <SuccessIcon />,
  error: <AlertIcon />,
  info: <InfoIcon />,
};

const root = (theme: Theme, tone: ToastTone) => css`
  display: grid;
  grid-template-columns: auto 1fr auto;
  align-items: start;
  gap: ${theme.space[3]};
  padding: ${theme.space[3]} ${theme.space[3]} ${theme.space[3]} ${theme.space[4]};
  border: 2px solid ${toneColor(theme)[tone].accent};
  border-left-width: 6px;
  border-radius: ${theme.radii.md};
  background: ${toneColor(theme)[tone].tint};
  color: ${theme.colors.text};
  box-shadow: ${theme.shadows.md};

  &[data-state='open'] {
    animation: ${slideIn} ${theme.motion.durations.slow} ${theme.motion.easings.out};
  }

  &[data-state='closed'] {
    animation: ${fadeOut} ${theme.motion.durations.fast} ease-in;
  }

  &[data-swipe='move'] {
    transform: translateX(var(--radix-toast-swipe-move-x));
  }

  &[data-swipe='cancel'] {
    transform: translateX(0);
    transition: transform ${theme.motion.durations.base} ease-out;
  }

  &[data-swipe='end'] {
    animation: ${fadeOut} ${theme.motion.durations.fast} ease-out;
  }

  ${theme.mq.reducedMotion} {
    &[data-state='open'],
    &[data-state='closed'],
    &[data-swipe='end'] {
      animation: none;
    }
  }
`;

const icon = (theme: Theme, tone: ToastTone) => css`
  display: inline-flex;
  padding-top: 0.125rem;
  font-size: ${theme.fontSizes.xl};
  color: ${toneColor(theme)[tone].accent};
`;

const title = (theme: Theme) => css`
  font-weight: ${theme.fontWeights.bold};
  font-size: ${theme.fontSizes.md};
`;

const description = (theme: Theme) => css`
  margin-top: ${theme.space[1]};
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.text};
`;

export interface ToastItemProps {
  title: string;
  description?: string;
  tone: ToastTone;
  durationMs?: number;
  closeLabel: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * One toast. Errors are "foreground" toasts, which Radix announces assertively (like role="alert");
 * success and info are "background" toasts, announced politely (role="status"), so they never interrupt.
 */
export function ToastItem({ title: heading, description: body, tone, durationMs, closeLabel, open, onOpenChange }: ToastItemProps) {
  return (
    <RadixToast.Root
      css={(theme) => root(theme, tone)}
      type={tone === 'error' ? 'foreground' : 'background'}
      duration={durationMs}
      open={open}
      onOpenChange={onOpenChange}
      data-tone={tone}
    >
      <span css={(theme) => icon(theme, tone)}>{toneIcon[tone]}</span>
      <div>
        <RadixToast.Title css={title}>{heading}</RadixToast.Title>
        {body ? <RadixToast.Description css={description}>{body}</RadixToast.Description> : null}
      </div>
      <RadixToast.Close asChild>
        <IconButton label={closeLabel} size="sm">
          <CloseIcon />
        </IconButton>
      </RadixToast.Close>
    </RadixToast.Root>
  );
}
