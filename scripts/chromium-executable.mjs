// Finds the Chromium that Playwright, Lighthouse and the screenshots drive, so that `npm install`
// alone is enough: CHROMIUM_PATH when set, else Debian's /usr/bin/chromium, else the Chromium that
// ships inside the npm package @sparticuz/chromium (unpacked once to the system temp folder).
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rmdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** Headless flags that work as root in a closed network. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const UNPACK_DEADLINE_MS = 120_000;

/**
 * The browser's path: CHROMIUM_PATH, else /usr/bin/chromium when present, else the packaged one.
 * `unpack` is injectable for tests; by default it unpacks @sparticuz/chromium.
 */
export async function chromiumExecutable({ env = process.env, exists = existsSync, unpack = unpackPackagedChromium } = {}) {
  const configured = env.CHROMIUM_PATH?.trim();
  if (configured) {
    if (!exists(configured)) throw new Error(`CHROMIUM_PATH names ${configured}, which does not exist`);
    return configured;
  }
  if (exists(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  return unpack();
}

/**
 * Unpacks the packaged Chromium once per machine. A lock folder keeps two processes (Playwright's
 * runner and its workers, say) from running a half-written binary; the package's own check only
 * asks whether the file exists.
 */
export async function unpackPackagedChromium() {
  const { default: chromium, inflate, setupLambdaEnvironment } = await import('@sparticuz/chromium');
  const lock = path.join(tmpdir(), 'chromium-unpack.lock');
  const deadline = Date.now() + UNPACK_DEADLINE_MS;
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      // A lock older than the deadline was left by a process that died while unpacking.
      const age = Date.now() - (await stat(lock).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs;
      if (age > UNPACK_DEADLINE_MS) await rmdir(lock).catch(() => undefined);
      if (Date.now() > deadline) throw new Error(`Another process has been unpacking Chromium for ${UNPACK_DEADLINE_MS / 1000}s (lock ${lock})`, { cause: error });
      await delay(200);
    }
  }
  try {
    const executable = await chromium.executablePath();
    // Debian images without NSS: the package carries those libraries for Amazon Linux; use them.
    if (await missingLibraries(executable)) {
      const packageBin = path.join(path.dirname(fileURLToPath(import.meta.resolve('@sparticuz/chromium'))), '..', 'bin');
      const libs = path.join(tmpdir(), 'al2023', 'lib');
      if (!existsSync(libs)) await inflate(path.join(packageBin, 'al2023.tar.br'));
      setupLambdaEnvironment(libs);
      const still = await missingLibraries(executable);
      if (still) throw new Error(`Chromium at ${executable} lacks shared libraries: ${still}. On Debian: apt-get install -y chromium`);
    }
    return executable;
  } finally {
    await rmdir(lock).catch(() => undefined);
  }
}

/** The libraries the dynamic loader cannot find for `executable` (ldd's "not found"), or ''. */
async function missingLibraries(executable) {
  try {
    const { stdout } = await promisify(execFile)('ldd', [executable], { env: process.env });
    return stdout
      .split('\n')
      .filter((line) => line.includes('not found'))
      .map((line) => line.trim().split(/\s+/)[0])
      .join(', ');
  } catch {
    // No ldd: let the launch itself report what is missing.
    return '';
  }
}
