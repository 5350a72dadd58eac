import type { MessageId } from '@grouarock/i18n';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';

type Values = Record<string, string | number | boolean | Date | null | undefined>;

/** `t('nav.radio')`: the current language's text for a message id (ids are checked by TypeScript). */
export function useT(): (id: MessageId, values?: Values) => string {
  const intl = useIntl();
  return useCallback((id: MessageId, values?: Values) => intl.formatMessage({ id }, values), [intl]);
}
