import type { eventsPl } from './events.pl';

export const eventsNl: Record<keyof typeof eventsPl, string> = {
  'events.meta.title': 'Muziekevenementen — concerten en festivals | GrouaRock',
  'events.meta.description':
    'Komende concerten, festivals en tributeshows voor rock- en punkfans: data, locaties, ticketprijzen en links om tickets te kopen.',

  'events.title': 'Muziekevenementen',
  'events.intro': 'Concerten, festivals en tributeshows voor rock- en punkfans. Kies een evenement en koop een ticket — de link opent in een nieuw tabblad.',

  'events.loading': 'Evenementen laden…',
  'events.error': 'De evenementen konden niet worden geladen. Controleer je verbinding en probeer het opnieuw.',
  'events.retry': 'Opnieuw proberen',
  'events.empty.title': 'Nog geen evenementen gepland',
  'events.empty.text': 'Nieuwe concerten en festivals verschijnen hier zodra we ze aankondigen. Luister intussen naar rockradio.',
  'events.empty.radio': 'Luister naar online radio',

  'events.carousel.label': 'Komende evenementen',
  'events.carousel.roleDescription': 'carrousel',
  'events.carousel.slideRoleDescription': 'dia',
  'events.carousel.slideLabel': '{index} van {total}',
  'events.carousel.previous': 'Vorig evenement',
  'events.carousel.next': 'Volgend evenement',
  'events.carousel.pages': 'Kies welke evenementen je ziet',
  'events.carousel.showOne': 'Toon evenement {index} van {total}',
  'events.carousel.showRange': 'Toon evenementen {from}–{to} van {total}',

  'events.category.festival': 'Festival',
  'events.category.concert': 'Concert',
  'events.category.tribute': 'Tribute',

  'events.card.when': 'Wanneer',
  'events.card.where': 'Waar',
  'events.card.price': 'Prijs',
  'events.card.place': '{venue}, {location}',
  'events.card.free': 'Gratis toegang',
  'events.card.imageAlt': 'Afbeelding bij {title}',
  'events.card.tickets': 'Koop een ticket',
  'events.card.ticketsFor': 'voor {title}',
};
