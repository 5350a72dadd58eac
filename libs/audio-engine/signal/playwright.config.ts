import { playwrightSuite } from '../../../tools/playwright-suite';

// Signal tests of the audio engine in real Chromium: offline renders measured sample by sample, and a
// real-time context for the stream deck and the recorder.
export default playwrightSuite({
  testDir: __dirname,
  testMatch: '*.spec.ts',
  outputDir: './test-results',
  globalSetup: './global-setup.ts',
});
