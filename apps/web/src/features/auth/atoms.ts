import { atom, useSetAtom } from 'jotai';
import { useMemo } from 'react';

export type AuthDialogMode = 'login' | 'register';

export interface AuthDialogState {
  open: boolean;
  mode: AuthDialogMode;
}

/** The app-wide auth dialog (mounted once in the layout by AuthDialogHost). */
export const authDialogAtom = atom<AuthDialogState>({ open: false, mode: 'login' });

/** `useAuthDialog().open('register')` from anywhere: likes, checkout, the profile page. */
export function useAuthDialog(): { open: (mode?: AuthDialogMode) => void; close: () => void } {
  const set = useSetAtom(authDialogAtom);
  return useMemo(
    () => ({
      open: (mode: AuthDialogMode = 'login') => set({ open: true, mode }),
      close: () => set((state) => ({ ...state, open: false })),
    }),
    [set],
  );
}
