import { afterFirstPaint } from './lib/first-paint';

// The one script a prerendered page runs as it comes (build/prerender.ts puts it in place of the app's entry, which it
// names in data-app): the page is painted, its text in its fonts, before the app's code runs, since evaluating the
// app's modules and hydrating hold the main thread for tens of milliseconds (hundreds on a slow phone) that the first
// paint would otherwise wait for. The page preloads the app's chunks meanwhile (the browser fetches and compiles them),
// so importing the entry then costs no round trip. Built on its own (no chunk shared with the app).
const app = document.querySelector<HTMLScriptElement>('script[data-app]')?.dataset.app;
await afterFirstPaint();
if (app) await import(/* @vite-ignore */ app);
