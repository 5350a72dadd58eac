import 'reflect-metadata';
import { createOpenApiDocument } from './core/http/openapi';
import { createDocumentApp } from './openapi-app';

/** Prints the OpenAPI document without a database (see createDocumentApp). */
async function main(): Promise<void> {
  const app = await createDocumentApp();
  process.stdout.write(`${JSON.stringify(createOpenApiDocument(app), null, 2)}\n`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
