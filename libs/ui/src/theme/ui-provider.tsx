import { Global, ThemeProvider } from '@emotion/react';
import { type ReactNode } from 'react';
import { ToastProvider, type ToastLabels } from '../components/toast/toast-provider';
import './fonts';
import { globalStyles } from './global-styles';
import { theme } from './theme';

export interface UiProviderProps {
  children?: ReactNode;
  /** Translated strings for the toast region (see ToastLabels). */
  toastLabels: ToastLabels;
}

/** Wrap the whole app in this: theme, global reset and fonts, and the toast system behind useToast(). */
export function UiProvider({ children, toastLabels }: UiProviderProps) {
  return (
    <ThemeProvider theme={theme}>
      <Global styles={globalStyles} />
      <ToastProvider {...toastLabels}>{children}</ToastProvider>
    </ThemeProvider>
  );
}
