const preset = require('../../jest.preset.cjs');

/** Unit tests beside the code; the API tests against real servers live in test/ with their own config. */
module.exports = {
  ...preset,
  displayName: 'api',
  rootDir: __dirname,
  roots: ['<rootDir>/src'],
  testEnvironment: 'node',
};
