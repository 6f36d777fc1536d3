import type { DocumentLoader } from '@fedify/fedify';
import { describe, expect, it } from 'vitest';
import { withTimeout } from './remote-documents.js';

/** A server that never answers: the load ends only when its signal aborts. */
const silent: DocumentLoader = (_url, options) =>
  new Promise((_resolve, reject) => {
    options?.signal?.addEventListener('abort', () => reject(options.signal?.reason));
  });

describe('remote documents', () => {
  it('gives up a load at its time limit, and still honours the caller\'s own signal', async () => {
    await expect(withTimeout(silent, 50)('https://slow.example/users/a')).rejects.toThrow(/timed? ?out|abort/i);
    const caller = new AbortController();
    const load = withTimeout(silent, 60_000)('https://slow.example/users/b', { signal: caller.signal });
    caller.abort(new Error('the request ended'));
    await expect(load).rejects.toThrow('the request ended');
  });
});
