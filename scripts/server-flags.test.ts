import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS, serverEnv, serverNodeFlags } from './server-flags.mjs';

describe('the flags Node runs the server with (decision 028)', () => {
  it('caps the heap at 192 MB unless NODE_OPTIONS names a size', () => {
    expect(serverNodeFlags({})).toContain('--max-old-space-size=192');
    expect(serverNodeFlags({ NODE_OPTIONS: '--max-old-space-size=1024' })).not.toContainEqual(expect.stringMatching(/max-old-space-size/));
    expect(serverNodeFlags({ NODE_OPTIONS: '--trace-warnings' })).toContain('--max-old-space-size=192');
  });

  it('turn off allocation-site pretenuring, with or without NODE_OPTIONS (decision 040)', () => {
    expect(serverNodeFlags({})).toContain('--no-allocation-site-pretenuring');
    expect(serverNodeFlags({ NODE_OPTIONS: '--max-old-space-size=1024' })).toContain('--no-allocation-site-pretenuring');
  });

  it('give AsyncLocalStorage the context frame on Node 22 and 23, where it is not yet the default', () => {
    expect(serverNodeFlags({}, '22.23.3')).toContain('--experimental-async-context-frame');
    expect(serverNodeFlags({}, '23.11.0')).toContain('--experimental-async-context-frame');
    expect(serverNodeFlags({}, '24.11.1')).not.toContain('--experimental-async-context-frame');
  });

  it('are the Dockerfile CMD flags too (its Node 24 has the context frame by default)', () => {
    const cmd = /^CMD \[(.*)\]$/m.exec(readFileSync('Dockerfile', 'utf8'))?.[1];
    expect(JSON.parse(`[${cmd}]`)).toEqual(['node', ...SERVER_NODE_FLAGS, 'dist/server/main.js']);
  });

  it('compile WebAssembly (the embedded database) a function at a time, when first called', () => {
    expect(serverNodeFlags({})).toContain('--wasm-lazy-compilation');
  });

  it('keep the embedded database on the baseline compiler: optimising its functions held up to 80 MB at once (decision 133)', () => {
    expect(serverNodeFlags({})).toContain('--liftoff-only');
    expect(serverNodeFlags({ NODE_OPTIONS: '--max-old-space-size=1024' })).toContain('--liftoff-only');
  });
});

describe('the environment the server runs with', () => {
  it('keeps glibc to two arenas and a fixed 128 KiB mmap threshold, so freed large blocks leave the process', () => {
    expect(serverEnv({})).toMatchObject({ MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' });
    expect(serverEnv({ MALLOC_MMAP_THRESHOLD_: '65536' }).MALLOC_MMAP_THRESHOLD_).toBe('65536');
  });

  it('is the Dockerfile environment too', () => {
    const env = [...readFileSync('Dockerfile', 'utf8').matchAll(/^ENV (.*)$/gm)].map((m) => m[1]).join(' ');
    for (const [name, value] of Object.entries(serverEnv({}))) expect(env).toContain(`${name}=${value}`);
  });

  it('leave source maps off unless NODE_OPTIONS asks for them: parsed for every package, they kept 40-55 MB resident (decision 132)', () => {
    expect(serverNodeFlags({})).not.toContain('--enable-source-maps');
    expect(serverNodeFlags({ NODE_OPTIONS: '--enable-source-maps' })).not.toContain('--enable-source-maps');
  });

  it('cap each young-generation semi-space at 8 MB, not the 16 MB V8 grows it to under load (decision 132)', () => {
    expect(serverNodeFlags({})).toContain('--max-semi-space-size=8');
  });
});
