/** The events page (/events): the carousel of upcoming events and their ticket links. */
export const eventsPl = {
  'events.meta.title': 'Wydarzenia muzyczne — koncerty i festiwale | GrouaRock',
  'events.meta.description':
    'Nadchodzące koncerty, festiwale i tribute dla fanów rocka i punka: daty, miejsca, ceny biletów i linki do ich zakupu.',

  'events.title': 'Wydarzenia muzyczne',
  'events.intro': 'Koncerty, festiwale i tribute dla fanów rocka i punka. Wybierz wydarzenie i kup bilet — link otworzy się w nowej karcie.',

  'events.loading': 'Ładowanie wydarzeń…',
  'events.error': 'Nie udało się wczytać wydarzeń. Sprawdź połączenie i spróbuj ponownie.',
  'events.retry': 'Spróbuj ponownie',
  'events.empty.title': 'Brak zaplanowanych wydarzeń',
  'events.empty.text': 'Nowe koncerty i festiwale pojawią się tutaj, gdy tylko je ogłosimy. W międzyczasie posłuchaj rockowego radia.',
  'events.empty.radio': 'Słuchaj radia online',

  'events.carousel.label': 'Nadchodzące wydarzenia',
  'events.carousel.roleDescription': 'karuzela',
  'events.carousel.slideRoleDescription': 'slajd',
  'events.carousel.slideLabel': '{index} z {total}',
  'events.carousel.previous': 'Poprzednie wydarzenie',
  'events.carousel.next': 'Następne wydarzenie',
  'events.carousel.pages': 'Wybierz wydarzenia do pokazania',
  'events.carousel.showOne': 'Pokaż wydarzenie {index} z {total}',
  'events.carousel.showRange': 'Pokaż wydarzenia {from}–{to} z {total}',

  'events.category.festival': 'Festiwal',
  'events.category.concert': 'Koncert',
  'events.category.tribute': 'Tribute',

  'events.card.when': 'Kiedy',
  'events.card.where': 'Gdzie',
  'events.card.price': 'Cena',
  'events.card.place': '{venue}, {location}',
  'events.card.free': 'Wstęp wolny',
  'events.card.imageAlt': 'Grafika wydarzenia {title}',
  'events.card.tickets': 'Kup bilet',
  'events.card.ticketsFor': 'na wydarzenie {title}',
};
