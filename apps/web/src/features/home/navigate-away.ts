/** Sends the browser to another site. Components take it as a prop so tests can pass their own. */
export type NavigateAway = (url: string) => void;

export const navigateAway: NavigateAway = (url) => {
  window.location.assign(url);
};
