import { lazy, Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { ToastContext, type ToastApi, type ToastOptions } from './toast-context';

const ToastRegion = lazy(() => import('./toast-region'));

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

export interface ToastEntry extends ToastOptions {
  id: string;
  open: boolean;
}

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
      {children}
      {toasts.length ? (
        <Suspense fallback={null}>
          <ToastRegion
            toasts={toasts}
            label={label}
            viewportLabel={viewportLabel}
            closeLabel={closeLabel}
            defaultDurationMs={defaultDurationMs}
            onDismiss={dismiss}
          />
        </Suspense>
      ) : null}
    </ToastContext.Provider>
  );
}
