// How Node runs the built server, wherever it is started (npm start, the end-to-end and topology
// tests, the benchmarks; the Dockerfile repeats it in its CMD). Decision 028: the server's live heap
// is about 90 MB under load, and without a cap V8 lets it grow to 350-400 MB before it collects,
// because it sizes the heap from the machine's memory. 192 MB keeps peak RSS under 300 MB with no
// loss of throughput. NODE_OPTIONS may raise it (for a much larger RESPONSE_CACHE_MB nothing changes:
// cached answers are Buffers, outside the heap). Decision 040: V8's allocation-site pretenuring
// put what a request allocates straight into the old generation once some of it had outlived a
// young-generation collection (requests in flight always have), which then needed a full collection
// every 0.3-0.5 s under load; without it, uncached answers cost 8-15 % less.
// --wasm-lazy-compilation: the embedded database (PGlite) is WebAssembly, and most of PostgreSQL's
// code never runs in a news site; compiling a function when it is first called instead of all at
// start keeps about 37 MB less resident, at the same query speed (hot code still tiers up).
// No --enable-source-maps (decision 132): Node then parses the source map of every package the
// server loads and keeps them, 35-45 MB more resident, for stack traces the bundle already names
// (each module's code follows a `// gateway/src/…` comment). NODE_OPTIONS=--enable-source-maps
// brings mapped traces back where that memory is to spare.
// --max-semi-space-size=8: V8 grows each of the young generation's semi-spaces to 16 MB under load;
// 8 MB keeps the rows of the hostile-client suite 10-28 MB lower on the embedded database, at no
// measured cost per request (decision 132).
// --liftoff-only: the embedded database's WebAssembly stays on V8's baseline compiler. Optimising
// PostgreSQL's large functions took up to 80 MB of compiler memory at once, which glibc then kept;
// without it the server rests 35-60 MB lower on PGlite, for 3-9 % more CPU per uncached page
// (decision 133). PostgreSQL is not WebAssembly: nothing changes there.
export const SERVER_NODE_FLAGS = ['--max-old-space-size=192', '--max-semi-space-size=8', '--no-allocation-site-pretenuring', '--wasm-lazy-compilation', '--liftoff-only'];

/**
 * Node 22 and 23 implement AsyncLocalStorage (the ORM's transactions, read-replica holds) with
 * promise hooks, which then slow every promise of every request; the flag gives them Node 24's
 * default implementation instead (decision 028: 4-7 % less server CPU for an uncached article and a
 * cached API read; no change measured for the uncached GraphQL home query).
 */
const ASYNC_CONTEXT_FRAME = '--experimental-async-context-frame';

/** The flags for a server started with this environment: an explicit heap size in NODE_OPTIONS wins. */
export function serverNodeFlags(env = process.env, nodeVersion = process.versions.node) {
  const flags = /--max-old-space-size\b/.test(env.NODE_OPTIONS ?? '') ? SERVER_NODE_FLAGS.filter((f) => !f.startsWith('--max-old-space-size')) : SERVER_NODE_FLAGS;
  const major = Number(nodeVersion.split('.')[0]);
  return major === 22 || major === 23 ? [...flags, ASYNC_CONTEXT_FRAME] : flags;
}

/**
 * The built server's environment beside its flags, wherever it is started. MALLOC_ARENA_MAX=2: glibc
 * otherwise gives each of libvips' image threads its own allocation arena, and a burst of large
 * cover uploads left tens of MB of resident memory in them; two arenas keep the process under its
 * memory bound at no measured cost in speed. MALLOC_MMAP_THRESHOLD_=131072: glibc's default threshold
 * grows each time a large block is freed, until blocks of many MB come from the main heap, which a
 * burst then leaves fragmented and resident; fixed at its initial 128 KiB, large blocks go back to
 * the system when freed (a burst of 100 uncached searches left 672 MB resident, now 363 MB, on
 * the embedded database). A value already set wins.
 */
export function serverEnv(env = process.env) {
  return { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072', ...env };
}
