import { css, type Theme } from '@emotion/react';
import * as RadixToast from '@radix-ui/react-toast';
import type { ToastEntry, ToastLabels } from './toast-provider';
import { ToastItem } from './toast-item';

const viewport = (theme: Theme) => css`
  position: fixed;
  right: 0;
  bottom: 0;
  z-index: ${theme.zIndices.toast};
  display: flex;
  flex-direction: column;
  gap: ${theme.space[2]};
  width: min(24rem, 100vw);
  max-height: 100vh;
  margin: 0;
  padding: ${theme.space[4]};
  list-style: none;
  outline: none;

  ${theme.mq.belowMobile} {
    width: 100vw;
    padding: ${theme.space[3]};
  }
`;

export interface ToastRegionProps extends ToastLabels {
  toasts: ToastEntry[];
  defaultDurationMs: number;
  onDismiss: (id: string) => void;
}

/** The toasts on screen and their region (Radix Toast): loaded with the first toast, not with every page. */
export default function ToastRegion({ toasts, label, viewportLabel, closeLabel, defaultDurationMs, onDismiss }: ToastRegionProps) {
  return (
    <RadixToast.Provider label={label} duration={defaultDurationMs} swipeDirection="right">
      {toasts.map((toast) => (
        <ToastItem
          key={toast.id}
          title={toast.title}
          description={toast.description}
          tone={toast.tone}
          durationMs={toast.durationMs}
          closeLabel={closeLabel}
          open={toast.open}
          onOpenChange={(open) => {
            if (!open) onDismiss(toast.id);
          }}
        />
      ))}
      <RadixToast.Viewport css={viewport} label={viewportLabel} />
    </RadixToast.Provider>
  );
}
