import type { Locale } from './locales';
import type { MessageId } from './messages/pl';

// react-intl reads these to type message ids and locales everywhere it is used: an id missing from
// the dictionaries is a compile error in the web app and the UI library.
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
    interface IntlConfig {
      locale: Locale;
    }
  }
}
