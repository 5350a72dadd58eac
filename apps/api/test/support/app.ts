import type { NestExpressApplication } from '@nestjs/platform-express';
import { loadConfig } from '../../src/core/config/config';
import { createApp } from '../../src/create-app';

/** The real application stack (same setup as the server) on the given database, not listening. */
export async function startTestApp(databaseUrl: string, env: Record<string, string> = {}): Promise<NestExpressApplication> {
  const config = loadConfig({ LOG_LEVEL: 'silent', JWT_SECRET: 'test-secret-that-is-long-enough-0123456789', ...env });
  const app = await createApp({ config, databaseUrl });
  await app.init();
  return app;
}
