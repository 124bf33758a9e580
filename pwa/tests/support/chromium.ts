/**
 * Finds Debian's Chromium for the browser tests: CHROMIUM_PATH, else /usr/bin/chromium. When it is
 * missing and we may install packages (root with apt-get), installs Debian's package; otherwise stops
 * with a message saying how. Browser tests are never silently skipped.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

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

function found(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH points to ${fromEnv}, which does not exist`);
    return fromEnv;
  }
  return CANDIDATES.find((candidate) => existsSync(candidate));
}

export function ensureChromium(): string {
  const existing = found();
  if (existing) return existing;
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!canInstall) {
    throw new Error(
      'Chromium is needed for the browser tests and was not found. Install Debian\'s package ' +
        '(sudo apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium binary.',
    );
  }
  console.log('Chromium not found: installing Debian\'s chromium package…');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  const installed = found();
  if (!installed) throw new Error('Installing chromium did not produce /usr/bin/chromium');
  return installed;
}
