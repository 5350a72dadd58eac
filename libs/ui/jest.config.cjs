const preset = require('../../jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: '@grouarock/ui',
  rootDir: __dirname,
  // Only unit tests under src; smoke/ holds the Playwright run over the built Storybook.
  roots: ['<rootDir>/src'],
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
};
