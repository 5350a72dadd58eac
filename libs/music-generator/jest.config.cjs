const preset = require('../../jest.preset.cjs');

module.exports = { ...preset, displayName: require('./package.json').name, rootDir: __dirname, testEnvironment: 'node' };
