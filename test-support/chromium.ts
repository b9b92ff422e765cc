import { existsSync } from 'node:fs'

/** Where Debian puts Chromium: the headless shell first (Chromium's own headless build), then the full browser. */
const CANDIDATES = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser']

/**
 * The Chromium the browser tests and benchmarks launch: CHROMIUM_PATH when set, else the first of
 * Debian's binaries that exists. Undefined when none is there (the caller says how to install one);
 * nothing here ever downloads a browser.
 */
export function findChromium(): string | undefined {
  const wanted = process.env.CHROMIUM_PATH
  if (wanted) return existsSync(wanted) ? wanted : undefined
  return CANDIDATES.find((candidate) => existsSync(candidate))
}

/** findChromium(), or an error that names the package to install. */
export function requireChromium(): string {
  const found = findChromium()
  if (found) return found
  throw new Error(
    process.env.CHROMIUM_PATH
      ? `CHROMIUM_PATH is set to ${process.env.CHROMIUM_PATH}, which does not exist. Point it at a Chromium binary.`
      : 'Chromium is missing: install it with `sudo apt-get install -y chromium-headless-shell` ' +
          '(or `chromium`), or set CHROMIUM_PATH to a Chromium binary.',
  )
}
