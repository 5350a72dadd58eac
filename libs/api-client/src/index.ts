// The typed client of our own API, generated from its OpenAPI document (`npm run api-client`).
// The web app makes every call to /api/v1 through these functions, never by hand.
export * from './generated';
export { client as apiClient } from './generated/client.gen';
