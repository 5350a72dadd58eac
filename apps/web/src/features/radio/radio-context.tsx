import { useStore } from 'jotai';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { RadioController } from './radio-controller';

const RadioContext = createContext<RadioController | null>(null);

/** One RadioController for the page: its engine loads once the page has loaded, its player is released when it unmounts. */
export function RadioControllerProvider({ children }: { children: ReactNode }) {
  const store = useStore();
  const [controller] = useState(() => new RadioController(store));
  useEffect(() => {
    const cancelPreload = controller.preload();
    return () => {
      cancelPreload();
      controller.dispose();
    };
  }, [controller]);
  return <RadioContext.Provider value={controller}>{children}</RadioContext.Provider>;
}

export function useRadio(): RadioController {
  const controller = useContext(RadioContext);
  if (!controller) throw new Error('useRadio() must be used inside <RadioControllerProvider>');
  return controller;
}
