/** Sends the browser to another site (Stripe's checkout or portal); components take it as a prop so tests can see where. */
export type LeaveTo = (url: string) => void;

export const leaveTo: LeaveTo = (url) => window.location.assign(url);
