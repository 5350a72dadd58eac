/**
 * The e2e server's access-token lifetime in seconds (the server accepts 5 and up; production defaults to 900).
 * Short, so auth.spec.ts can get past an expiry in real time.
 */
export const e2eAccessTokenTtlSeconds = 10;

/**
 * The e2e catalogue (STATIONS_FILE): each station streams a sine tone of its own from a mount of the local
 * Icecast2 (E2E_ICECAST_URL), so a test can tell the stations apart by ear (frequency) and set titles
 * through Icecast's admin API (support/icecast-control.ts).
 */
export const e2eStations = [
  { id: 'e2e-rock', name: 'E2E Rock', country: 'pl', genres: ['rock'], featured: true, mount: '/e2e-rock.mp3', frequency: 440, description: 'Testowa stacja rockowa' },
  { id: 'e2e-punk', name: 'E2E Punk', country: 'gb', genres: ['punk'], featured: false, mount: '/e2e-punk.mp3', frequency: 660, description: 'Testowa stacja punkowa' },
  { id: 'e2e-jazz', name: 'E2E Jazz', country: 'fr', genres: ['jazz'], featured: false, mount: '/e2e-jazz.mp3', frequency: 330, program: { program: 'Jazz nocą' } },
] as const;
