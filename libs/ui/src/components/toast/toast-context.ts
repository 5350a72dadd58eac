import { createContext } from 'react';

export type ToastTone = 'success' | 'error' | 'info';

export interface ToastOptions {
  /** Short headline, already translated. */
  title: string;
  description?: string;
  tone: ToastTone;
  /** How long the toast stays (hover and focus pause it). Defaults to the provider's duration. */
  durationMs?: number;
}

export interface ToastApi {
  /** Shows a toast and returns its id. */
  show: (options: ToastOptions) => string;
  /** Closes a toast early (e.g. when the action it reports was undone). */
  dismiss: (id: string) => void;
}

export const ToastContext = createContext<ToastApi | null>(null);
