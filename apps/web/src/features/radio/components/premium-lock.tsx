import { LineIcon } from '@grouarock/ui';

/** A closed padlock, beside the name of the plan that opens a locked station (decorative: the label says it). */
export function LockIcon() {
  return (
    <LineIcon size="1em">
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </LineIcon>
  );
}
