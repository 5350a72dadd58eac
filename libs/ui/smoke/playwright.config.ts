import { playwrightSuite } from '../../../tools/playwright-suite';

// Smoke run over the built Storybook: every story must render without console errors and without serious
// or critical axe violations.
export default playwrightSuite({
  testDir: __dirname,
  testMatch: 'stories.spec.ts',
  outputDir: './test-results',
  globalSetup: './global-setup.ts',
  use: {
    // Animations off: axe then measures colours at rest, and the reduced-motion styles get exercised.
    reducedMotion: 'reduce',
    viewport: { width: 1280, height: 800 },
  },
});
