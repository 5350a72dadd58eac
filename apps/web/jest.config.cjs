const preset = require('../../jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: 'web',
  rootDir: __dirname,
  testEnvironment: '<rootDir>/jest-environment.cjs',
  setupFilesAfterEnv: ['<rootDir>/src/test-setup.ts'],
};
