/** A storage holding nothing: where there is no browser (the build's prerender), a first visit's view. */
const none = { getItem: () => null, setItem: () => undefined, removeItem: () => undefined };

type StringStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The browser's localStorage, or nothing when prerendering. */
export const localStore = (): StringStorage => (typeof localStorage === 'undefined' ? none : localStorage);

/** The browser's sessionStorage, or nothing when prerendering. */
export const sessionStore = (): StringStorage => (typeof sessionStorage === 'undefined' ? none : sessionStorage);
