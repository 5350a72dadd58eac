import { useContext } from 'react';
import { ToastContext, type ToastApi } from './toast-context';

/** `const { show } = useToast(); show({ title, tone: 'success' })`. Needs ToastProvider (UiProvider has it). */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) {
    throw new Error('useToast() must be used inside <ToastProvider> (wrap the app in <UiProvider>).');
  }
  return api;
}
