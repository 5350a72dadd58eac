// The OpenAPI document the client is generated from: the developer page (/api) renders its reference from it.
// An entry of its own (@grouarock/api-client/openapi), so that only that page's chunk carries its 100 kB, not every
// bundle that calls the API.
export { default as openApiDocument } from '../openapi.json';
