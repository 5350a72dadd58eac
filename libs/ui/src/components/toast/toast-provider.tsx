import { css, type Theme } from '@emotion/react';
import * as RadixToast from '@radix-ui/react-toast';
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { ToastContext, type ToastApi, type ToastOptions } from './toast-context';
import { ToastItem } from './toast-item';

/** Translated strings the toast system needs; Radix would otherwise fall back to English. */
export interface ToastLabels {
  /** Spoken before each toast, e.g. "Powiadomienie". */
  label: string;
  /** Name of the toast region; `{hotkey}` becomes the focus shortcut (F8), e.g. "Powiadomienia ({hotkey})". */
  viewportLabel: string;
  /** Accessible name of each toast's × button, e.g. "Zamknij powiadomienie". */
  closeLabel: string;
}

export interface ToastProviderProps extends ToastLabels {
  children?: ReactNode;
  /** Default time on screen; a toast's own `durationMs` wins. */
  defaultDurationMs?: number;
}

interface ToastEntry extends ToastOptions {
  id: string;
  open: boolean;
}

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

/** Holds the toast queue and renders it; `useToast()` talks to it. UiProvider includes one. */
export function ToastProvider({ label, viewportLabel, closeLabel, defaultDurationMs = 5000, children }: ToastProviderProps) {
  const [toasts, setToasts] = useState<ToastEntry[]>([]);
  const nextId = useRef(0);

  const show = useCallback((options: ToastOptions) => {
    nextId.current += 1;
    const id = `toast-${nextId.current}`;
    // Closed toasts stay in the list until the next show() so Radix can play their exit animation.
    setToasts((list) => [...list.filter((toast) => toast.open), { ...options, id, open: true }]);
    return id;
  }, []);

  const dismiss = useCallback((id: string) => {
    setToasts((list) => list.map((toast) => (toast.id === id ? { ...toast, open: false } : toast)));
  }, []);

  const api = useMemo<ToastApi>(() => ({ show, dismiss }), [show, dismiss]);

  return (
    <ToastContext.Provider value={api}>
      <RadixToast.Provider label={label} duration={defaultDurationMs} swipeDirection="right">
        {children}
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
              if (!open) dismiss(toast.id);
            }}
          />
        ))}
        <RadixToast.Viewport css={viewport} label={viewportLabel} />
      </RadixToast.Provider>
    </ToastContext.Provider>
  );
}
