import { areas } from '@grouarock/i18n';
import '@testing-library/jest-dom';
import { needAreas } from './lib/locale-messages';

// Screens under test render outside their lazy routes, which load their dictionary areas: load every Polish area.
beforeAll(() => needAreas(areas));
