import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

/**
 * The load generator on a core of its own, the servers free to use every core (decision 037).
 * Unpinned on a 2-core machine, the kernel moved autocannon onto the server's core and the server's
 * rate moved by half from one round to the next. Pinning the servers to the other core as well
 * made cached answers no faster, and uncached pages 15 % slower: their GC threads lost the second
 * core. The servers' main threads are kept off the load generator's core once they have started
 * (decision 039): the bare server's rate moved between 17,000 and 31,000 a second from one round to
 * the next while the kernel put its one thread beside autocannon or not. The site and the bare
 * server are started alike, so their ratio stays fair. Null where
 * `taskset` is missing or there is one core: then nothing is pinned.
 */
export interface CpuPinning {
  /** The command and arguments that start `command` on every core (children inherit this process's one core). */
  server(command: string, args: string[]): [string, string[]];
  /**
   * Keeps a started server's main thread off the load generator's core; its other threads (GC,
   * libuv's pool), started already, stay free to use every core.
   */
  mainThreadAway(pid: number): void;
  /** Where the servers and the load generator run, for the report. */
  describe: string;
}

export function pinLoadGeneratorAway(): CpuPinning | null {
  const cores = availableParallelism();
  if (cores < 2 || spawnSync('taskset', ['--version']).status !== 0) return null;
  const loadCore = String(cores - 1);
  const serverCores = `0-${cores - 1}`;
  const mainCores = cores === 2 ? '0' : `0-${cores - 2}`;
  // -a: every thread of this process (autocannon runs here), not only the main one.
  if (spawnSync('taskset', ['-a', '-p', '-c', loadCore, String(process.pid)]).status !== 0) return null;
  return {
    server: (command, args) => ['taskset', ['-c', serverCores, command, ...args]],
    // Without -a: the thread whose id is the process's, its JavaScript thread.
    mainThreadAway: (pid) => void spawnSync('taskset', ['-p', '-c', mainCores, String(pid)]),
    describe: `load generator on core ${loadCore}; servers on cores ${serverCores}, their main threads on ${mainCores}`,
  };
}
