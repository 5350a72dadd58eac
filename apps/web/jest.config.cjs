const preset = require('../../jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: 'web',
  rootDir: __dirname,
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/src/test-setup.ts'],
  moduleNameMapper: { ...preset.moduleNameMapper, '\\.(css|woff2?)$': '<rootDir>/src/test-file-stub.cjs' },
};
