// The one place that says how our tests launch Chromium (docs/architecture.md, "Projects"): Debian's build, never a
// downloaded one, with the flags that keep it off the network and let audio play without a gesture.
//
// Debian's `chromium-headless-shell` package: the same Chromium build as `chromium`, without the
// desktop browser around it (the shell Playwright itself runs headless tests in). On our 2 cores the
// full browser in headless mode, with its GPU process, took about twice as long over the same e2e
// specs (auth + home: 2.0 min against 1.1 min, measured 2026-11-24), and slow pages made tests flaky.
const fs = require('node:fs');

const debianPackage = 'chromium-headless-shell';
const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell';

const args = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--autoplay-policy=no-user-gesture-required',
];

function assertChromium() {
  if (!fs.existsSync(executablePath)) {
    throw new Error(
      `Chromium not found at ${executablePath}. Install Debian's package: apt-get install -y ${debianPackage} ` +
        '(or set CHROMIUM_PATH). `npm test` installs it by itself when run as root.',
    );
  }
}

module.exports = { debianPackage, executablePath, args, launchOptions: { executablePath, args }, assertChromium };
