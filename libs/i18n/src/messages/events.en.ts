import type { eventsPl } from './events.pl';

export const eventsEn: Record<keyof typeof eventsPl, string> = {
  'events.meta.title': 'Music events — concerts and festivals | GrouaRock',
  'events.meta.description':
    'Upcoming concerts, festivals and tribute shows for rock and punk fans: dates, venues, ticket prices and links to buy tickets.',

  'events.title': 'Music events',
  'events.intro': 'Concerts, festivals and tribute shows for rock and punk fans. Pick an event and buy a ticket — the link opens in a new tab.',

  'events.loading': 'Loading events…',
  'events.error': 'The events could not be loaded. Check your connection and try again.',
  'events.retry': 'Try again',
  'events.empty.title': 'No events planned yet',
  'events.empty.text': 'New concerts and festivals will appear here as soon as we announce them. Meanwhile, listen to some rock radio.',
  'events.empty.radio': 'Listen to online radio',

  'events.carousel.label': 'Upcoming events',
  'events.carousel.roleDescription': 'carousel',
  'events.carousel.slideRoleDescription': 'slide',
  'events.carousel.slideLabel': '{index} of {total}',
  'events.carousel.previous': 'Previous event',
  'events.carousel.next': 'Next event',
  'events.carousel.pages': 'Choose the events to show',
  'events.carousel.showOne': 'Show event {index} of {total}',
  'events.carousel.showRange': 'Show events {from}–{to} of {total}',

  'events.category.festival': 'Festival',
  'events.category.concert': 'Concert',
  'events.category.tribute': 'Tribute',

  'events.card.when': 'When',
  'events.card.where': 'Where',
  'events.card.price': 'Price',
  'events.card.place': '{venue}, {location}',
  'events.card.free': 'Free entry',
  'events.card.imageAlt': 'Artwork for {title}',
  'events.card.tickets': 'Buy a ticket',
  'events.card.ticketsFor': 'for {title}',
};
