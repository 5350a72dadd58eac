// The typed client of our own API, generated from its OpenAPI document (`npm run api-client`).
// The web app makes every call to /api/v1 through these functions, never by hand.
export * from './generated';
export { client as apiClient } from './generated/client.gen';
/** The OpenAPI document the client is generated from: the developer page (/api) renders its reference from it. */
export { default as openApiDocument } from '../openapi.json';
