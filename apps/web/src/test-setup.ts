import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks these; react-router needs them at import time.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// Screens under test render outside their lazy routes, which load their dictionary areas: load every Polish area.
beforeAll(async () => {
  const { areas } = await import('@grouarock/i18n');
  const { needAreas } = await import('./lib/locale-messages');
  await needAreas(areas);
});
