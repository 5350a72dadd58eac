import { useT } from './i18n';
import { Root as VisuallyHidden } from '@radix-ui/react-visually-hidden';

/** Tells screen-reader users that a link opens a new tab (the space keeps it apart from the link text). */
export function NewTabHint() {
  const t = useT();
  const hint = ` ${t('a11y.opensInNewTab')}`;
  return <VisuallyHidden>{hint}</VisuallyHidden>;
}
