// Shared jest settings: every project transforms TypeScript with swc (decorators and their metadata
// included, so NestJS injection works in tests) and resolves the workspace libs through their sources.
const path = require('node:path');
const fs = require('node:fs');

const swcrc = JSON.parse(fs.readFileSync(path.join(__dirname, '.swcrc.json'), 'utf8'));
delete swcrc.$schema;

module.exports = {
  transform: { '^.+\\.m?(t|j)sx?$': ['@swc/jest', { ...swcrc, swcrc: false }] },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  moduleNameMapper: {
    '^@grouarock/api-client/openapi$': path.join(__dirname, 'libs/api-client/src/openapi-document.ts'),
    '^@grouarock/(audio-engine|ui|i18n|api-client)$': path.join(__dirname, 'libs/$1/src/index.ts'),
    // Stylesheets and fonts mean nothing to jsdom.
    '\\.(css|woff2?|ttf)$': path.join(__dirname, 'tools/jest-file-stub.cjs'),
  },
  // Packages that ship ES modules only (the formatjs family; MSW and its helpers; request-filtering-agent; @fastify/static's
  // content-disposition): compile them like our own code.
  transformIgnorePatterns: ['/node_modules/(?!(@formatjs|react-intl|intl-messageformat|rettime|until-async|@mswjs|@open-draft|headers-polyfill|outvariant|strict-event-emitter|request-filtering-agent|@fastify/static|content-disposition)/)'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  clearMocks: true,
};
