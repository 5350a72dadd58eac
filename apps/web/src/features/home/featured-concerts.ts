import type { MessageId } from '@grouarock/i18n';

/**
 * A legendary concert recording shown in the home page's #streaming section. The data is real: artist,
 * the recording's name, venue and date are the recording's own; names stay as they are in every language.
 */
export interface FeaturedConcert {
  /** Slug, stable: the key of the entry and of its description message. */
  id: string;
  artist: string;
  /** The recording's real name. */
  title: string;
  venue: string;
  /** The city's name in the current language (Londyn / London / Londen). */
  city: MessageId;
  /** The day of the concert, ISO `YYYY-MM-DD`. */
  date: string;
  description: MessageId;
}

/** The product's 7 featured concerts; the first is shown large. */
export const featuredConcerts: readonly FeaturedConcert[] = [
  {
    id: 'nirvana-reading-1992',
    artist: 'Nirvana',
    title: 'Live at Reading',
    venue: 'Reading Festival',
    city: 'home.concerts.city.reading',
    date: '1992-08-30',
    description: 'home.concerts.nirvana-reading-1992.description',
  },
  {
    id: 'queen-wembley-1986',
    artist: 'Queen',
    title: 'Live at Wembley Stadium',
    venue: 'Wembley Stadium',
    city: 'home.concerts.city.london',
    date: '1986-07-12',
    description: 'home.concerts.queen-wembley-1986.description',
  },
  {
    id: 'the-clash-shea-1982',
    artist: 'The Clash',
    title: 'Live at Shea Stadium',
    venue: 'Shea Stadium',
    city: 'home.concerts.city.newYork',
    date: '1982-10-13',
    description: 'home.concerts.the-clash-shea-1982.description',
  },
  {
    id: 'ramones-rainbow-1977',
    artist: 'Ramones',
    title: "It's Alive",
    venue: 'Rainbow Theatre',
    city: 'home.concerts.city.london',
    date: '1977-12-31',
    description: 'home.concerts.ramones-rainbow-1977.description',
  },
  {
    id: 'sex-pistols-winterland-1978',
    artist: 'Sex Pistols',
    title: 'Live at Winterland',
    venue: 'Winterland Ballroom',
    city: 'home.concerts.city.sanFrancisco',
    date: '1978-01-14',
    description: 'home.concerts.sex-pistols-winterland-1978.description',
  },
  {
    id: 'green-day-woodstock-1994',
    artist: 'Green Day',
    title: "Woodstock '94",
    venue: "Woodstock '94",
    city: 'home.concerts.city.saugerties',
    date: '1994-08-14',
    description: 'home.concerts.green-day-woodstock-1994.description',
  },
  {
    id: 'ratm-finsbury-park-2010',
    artist: 'Rage Against the Machine',
    title: 'Live at Finsbury Park',
    venue: 'Finsbury Park',
    city: 'home.concerts.city.london',
    date: '2010-06-06',
    description: 'home.concerts.ratm-finsbury-park-2010.description',
  },
];

/**
 * Where "watch" leads: a YouTube search for the recording. We link a search rather than a video id we would have
 * to guess (and that could be taken down).
 */
export function watchUrl(concert: Pick<FeaturedConcert, 'artist' | 'title'>): string {
  return `https://www.youtube.com/results?search_query=${encodeURIComponent(`${concert.artist} ${concert.title}`)}`;
}

/** The concert's year, for the card's visual (the date is a plain calendar day, so no time zone applies). */
export function concertYear(concert: Pick<FeaturedConcert, 'date'>): string {
  return concert.date.slice(0, 4);
}
