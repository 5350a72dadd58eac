const preset = require('../../jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: require('./package.json').name,
  rootDir: __dirname,
  // Unit tests live beside the code in src/; signal/ holds the Playwright run in Chromium.
  roots: ['<rootDir>/src'],
  testEnvironment: 'node',
};
