const preset = require('../jest.preset.cjs');

/** Checks of the workspace itself (lint rules, module boundaries). */
module.exports = { ...preset, displayName: 'workspace', rootDir: __dirname, testEnvironment: 'node', testTimeout: 60_000 };
