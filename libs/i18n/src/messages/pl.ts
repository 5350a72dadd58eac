/**
 * Polish, the source dictionary: its keys are the message ids of the whole product and its texts are
 * the spec's, word for word. Values are ICU MessageFormat.
 */
export const pl = {
  'brand.name': 'GrouaRock',
  'brand.homeLabel': 'GrouaRock — strona główna',
  'meta.title': 'GrouaRock — radio online, koncerty na żywo i społeczność rocka',
  'a11y.skipToContent': 'Przejdź do treści',
  'a11y.opensInNewTab': '(otwiera się w nowej karcie)',
  'common.loading': 'Ładowanie…',

  'toast.label': 'Powiadomienie',
  'toast.viewport': 'Powiadomienia ({hotkey})',
  'toast.close': 'Zamknij powiadomienie',

  'nav.label': 'Główna nawigacja',
  'nav.radio': 'Radio',
  'nav.events': 'Wydarzenia',
  'nav.streaming': 'Streaming',
  'nav.aiStudio': 'Studio AI',
  'nav.api': 'API',
  'nav.shop': 'Sklep',

  'header.login': 'Zaloguj się',
  'header.openMenu': 'Otwórz menu',
  'header.closeMenu': 'Zamknij menu',
  'header.menuTitle': 'Menu',

  'language.label': 'Język',
  'language.pl': 'Polski',
  'language.en': 'English',
  'language.nl': 'Nederlands',

  'footer.label': 'Stopka',
  'footer.tagline': 'Społeczność muzyków i fanów rocka i punka: radio online, koncerty na żywo, wydarzenia i Studio AI.',
  'footer.section.platform': 'Platforma',
  'footer.section.help': 'Pomoc',
  'footer.section.company': 'Firma',
  'footer.section.legal': 'Informacje prawne',
  'footer.section.social': 'Znajdź nas',
  'footer.radio': 'Radio online',
  'footer.streaming': 'Transmisje na żywo',
  'footer.events': 'Wydarzenia',
  'footer.subscription': 'Plany Premium',
  'footer.support': 'Wsparcie',
  'footer.tutorials': 'Tutoriale',
  'footer.contact': 'Kontakt',
  'footer.about': 'O nas',
  'footer.career': 'Kariera',
  'footer.press': 'Dla prasy',
  'footer.investors': 'Inwestorzy',
  'footer.privacy': 'Polityka prywatności',
  'footer.terms': 'Regulamin',
  'footer.cookies': 'Polityka cookies',
  'footer.copyright': 'Prawa autorskie',
  'footer.community': 'Społeczność',
  'footer.marketplace': 'Marketplace',
  'footer.status': 'Status i Premium',
  'footer.facebook': 'Facebook',
  'footer.instagram': 'Instagram',
  'footer.youtube': 'YouTube',
  'footer.rights': '© 2024 GrouaRock. Wszelkie prawa zastrzeżone.',

  'notFound.code': '404',
  'notFound.title': 'Oops! Page not found',
  'notFound.home': 'Wróć na stronę główną',

  'error.title': 'Coś poszło nie tak',
  'error.description': 'Odśwież stronę. Jeśli błąd się powtarza, napisz do nas przez stronę wsparcia.',
  'error.reload': 'Odśwież stronę',
};

export type MessageId = keyof typeof pl;
export type Messages = Record<MessageId, string>;
