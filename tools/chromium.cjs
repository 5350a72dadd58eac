// The one place that says how our tests launch Chromium (DESIGN.md section 8): Debian's build, never a
// downloaded one, with the flags that keep it off the network and let audio play without a gesture.
const fs = require('node:fs');

const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

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
      `Chromium not found at ${executablePath}. Install Debian's package: apt-get install -y chromium ` +
        '(or set CHROMIUM_PATH). `npm test` installs it by itself when run as root.',
    );
  }
}

module.exports = { executablePath, args, launchOptions: { executablePath, args }, assertChromium };
