import { areas } from '@grouarock/i18n';
import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';
import { needAreas } from './lib/locale-messages';

// jsdom lacks these; react-router needs them at import time.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// Screens under test render outside their lazy routes, which load their dictionary areas: load every Polish area.
beforeAll(() => needAreas(areas));
