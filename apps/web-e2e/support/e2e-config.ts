/**
 * The e2e server's access-token lifetime in seconds (the server accepts 5 and up; production defaults to 900).
 * Short, so auth.spec.ts can get past an expiry in real time.
 */
export const e2eAccessTokenTtlSeconds = 10;
