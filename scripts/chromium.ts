// Debian's Chromium as the browser tests and the bench's Lighthouse run it: where it is, and the flags that keep it
// from reaching anything but the server under test (no downloads, updates, sync or QUIC) on these machines.
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium'

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
