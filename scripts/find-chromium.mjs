#!/usr/bin/env node
// Find a Chromium for the end-to-end tests. We never download a browser build: Chromium comes from
// CHROMIUM_PATH, or from Debian's `chromium` package at /usr/bin/chromium (installed here when we
// are root on Debian and it is missing).
//
// Usage: `node scripts/find-chromium.mjs` prints the path; other scripts import `ensureChromium()`.
import { execSync } from 'node:child_process'
import { accessSync, constants, existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export const DEFAULT_CHROMIUM = '/usr/bin/chromium'

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK)
    return true
  } catch {
    return false
  }
}

function canInstallWithApt() {
  return existsSync('/etc/debian_version') && typeof process.getuid === 'function' && process.getuid() === 0
}

const HOW_TO_PROVIDE =
  'Provide one: set CHROMIUM_PATH to a Chromium or Chrome executable, or install the Debian package ' +
  '(`apt-get install chromium`, which puts it at /usr/bin/chromium).'

/**
 * The path of a usable Chromium. Throws with a message saying how to provide one when none is found
 * and it cannot be installed here.
 */
export function ensureChromium({ log = (message) => console.error(message) } = {}) {
  const fromEnv = process.env.CHROMIUM_PATH
  if (fromEnv) {
    if (isExecutable(fromEnv)) return fromEnv
    throw new Error(
      `CHROMIUM_PATH is set to ${fromEnv}, but that is not an executable file. ${HOW_TO_PROVIDE}`,
    )
  }
  if (isExecutable(DEFAULT_CHROMIUM)) return DEFAULT_CHROMIUM
  if (!canInstallWithApt()) {
    throw new Error(`No Chromium found at ${DEFAULT_CHROMIUM}. ${HOW_TO_PROVIDE}`)
  }
  log(`No Chromium at ${DEFAULT_CHROMIUM}: installing Debian's chromium package (apt-get)…`)
  execSync('apt-get update && apt-get install -y chromium', {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  })
  if (isExecutable(DEFAULT_CHROMIUM)) return DEFAULT_CHROMIUM
  throw new Error(`Installing the chromium package did not produce ${DEFAULT_CHROMIUM}. ${HOW_TO_PROVIDE}`)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    console.log(ensureChromium())
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error))
    process.exit(1)
  }
}
