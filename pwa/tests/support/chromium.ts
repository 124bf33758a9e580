/**
 * Finds Debian's Chromium for the browser tests, in two builds:
 *
 * - the headless shell (`chromium-headless-shell`, HEADLESS_SHELL_PATH): the same Blink and V8 without
 *   the browser's own machinery, the build Playwright itself runs headless tests in. A new context with
 *   its first page load costs about half the CPU it costs in the full browser (README, "Tests and
 *   CI"), so the test files run on it;
 * - the full browser (`chromium`, CHROMIUM_PATH, else /usr/bin/chromium): for what only it does, such
 *   as the installability check, and for the benches, which measure what a person's browser does.
 *
 * When one is missing and we may install packages (root with apt-get), installs Debian's package;
 * otherwise stops with a message saying how. Browser tests are never silently skipped.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

interface Build {
  /** The environment variable that names its binary. */
  variable: 'CHROMIUM_PATH' | 'HEADLESS_SHELL_PATH';
  /** Where Debian's package puts it (the binary itself: /usr/bin/chromium-headless-shell is a shell wrapper that does not exec). */
  candidates: string[];
  debianPackage: string;
}

const FULL: Build = { variable: 'CHROMIUM_PATH', candidates: ['/usr/bin/chromium', '/usr/bin/chromium-browser'], debianPackage: 'chromium' };
const SHELL: Build = { variable: 'HEADLESS_SHELL_PATH', candidates: ['/usr/lib/chromium/chromium-headless-shell'], debianPackage: 'chromium-headless-shell' };

function found(build: Build): string | undefined {
  const fromEnv = process.env[build.variable];
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`${build.variable} points to ${fromEnv}, which does not exist`);
    return fromEnv;
  }
  return build.candidates.find((candidate) => existsSync(candidate));
}

function ensure(build: Build): string {
  const existing = found(build);
  if (existing) return existing;
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!canInstall) {
    throw new Error(
      `Chromium's ${build.debianPackage} build is needed for the browser tests and was not found. Install Debian's package ` +
        `(sudo apt-get install -y ${build.debianPackage}) or set ${build.variable} to its binary.`,
    );
  }
  console.log(`${build.debianPackage} not found: installing Debian's package…`);
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', build.debianPackage], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  const installed = found(build);
  if (!installed) throw new Error(`Installing ${build.debianPackage} did not produce ${build.candidates[0]}`);
  return installed;
}

/** The full browser's binary (installed if missing). */
export const ensureChromium = (): string => ensure(FULL);

/** The headless shell's binary (installed if missing). */
export const ensureHeadlessShell = (): string => ensure(SHELL);
