import 'reflect-metadata';
import { API_PREFIX, createOpenApiDocument } from './core/http/openapi';
import { openApiContractProblems } from './core/http/openapi-contract';
import { createDocumentApp } from './openapi-app';

describe('the OpenAPI document', () => {
  it('says what every handler accepts: each parameter and body property with its type, whether it is required, and its values', async () => {
    const app = await createDocumentApp();
    try {
      expect(openApiContractProblems(app, createOpenApiDocument(app), API_PREFIX)).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
