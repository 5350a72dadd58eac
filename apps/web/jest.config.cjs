const preset = require('../../jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: 'web',
  rootDir: __dirname,
  testEnvironment: '<rootDir>/jest-environment.cjs',
  setupFilesAfterEnv: ['<rootDir>/src/test-setup.ts'],
  moduleNameMapper: {
    // Images imported through Vite are URLs.
    '\\.(svg|png|jpe?g|webp)(\\?.*)?$': '<rootDir>/jest-asset-stub.cjs',
    ...preset.moduleNameMapper,
  },
};
