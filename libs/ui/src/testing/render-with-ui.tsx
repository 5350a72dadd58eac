import { render, type RenderOptions } from '@testing-library/react';
import { type ReactElement, type ReactNode } from 'react';
import { UiProvider } from '../theme/ui-provider';

/** Strings a test can assert on; in the app they come from libs/i18n. */
export const testToastLabels = {
  label: 'Powiadomienie',
  viewportLabel: 'Powiadomienia ({hotkey})',
  closeLabel: 'Zamknij powiadomienie',
} as const;

function Providers({ children }: { children?: ReactNode }) {
  return <UiProvider toastLabels={testToastLabels}>{children}</UiProvider>;
}

/** render() inside UiProvider, as every app screen is. */
export function renderWithUi(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  return render(ui, { wrapper: Providers, ...options });
}
