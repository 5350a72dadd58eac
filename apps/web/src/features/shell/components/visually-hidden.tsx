import { Root } from '@radix-ui/react-visually-hidden';

/** Text for screen readers only. */
export const VisuallyHidden = Root;
