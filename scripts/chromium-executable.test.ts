import { describe, expect, it } from 'vitest';
import { chromiumExecutable, DEBIAN_CHROMIUM } from './chromium-executable.mjs';

const unpacked = '/tmp/unpacked-chromium';
const unpack = () => Promise.resolve(unpacked);

describe('the Chromium the browser tests drive', () => {
  it('is CHROMIUM_PATH when set', async () => {
    const exists = (p: string) => p === '/opt/chrome/chrome' || p === DEBIAN_CHROMIUM;
    await expect(chromiumExecutable({ env: { CHROMIUM_PATH: '/opt/chrome/chrome' }, exists, unpack })).resolves.toBe('/opt/chrome/chrome');
  });

  it('names CHROMIUM_PATH when it points at nothing', async () => {
    await expect(chromiumExecutable({ env: { CHROMIUM_PATH: '/nowhere/chrome' }, exists: () => false, unpack })).rejects.toThrow(/CHROMIUM_PATH names \/nowhere\/chrome/);
  });

  it("is Debian's when present", async () => {
    await expect(chromiumExecutable({ env: {}, exists: (p) => p === DEBIAN_CHROMIUM, unpack })).resolves.toBe(DEBIAN_CHROMIUM);
  });

  it('is the packaged one on a machine with neither', async () => {
    await expect(chromiumExecutable({ env: { CHROMIUM_PATH: ' ' }, exists: () => false, unpack })).resolves.toBe(unpacked);
  });
});
