import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

/**
 * Servers on one set of cores, the load generator on another (decision 037). Unpinned on a 2-core
 * machine, the kernel moves the server, its GC threads and the load generator between both cores, and
 * a server's rate moved by half from one round to the next; pinned, each round measures the server.
 * The site and the bare server get the same cores, so their ratio stays fair. Null where `taskset`
 * is missing or there is one core: then nothing is pinned.
 */
export interface CpuPinning {
  /** The command and arguments that start `command` on the servers' cores. */
  server(command: string, args: string[]): [string, string[]];
  /** The cores the servers run on and the core the load generator runs on, for the report. */
  describe: string;
}

export function pinLoadGeneratorAway(): CpuPinning | null {
  const cores = availableParallelism();
  if (cores < 2 || spawnSync('taskset', ['--version']).status !== 0) return null;
  const loadCore = String(cores - 1);
  const serverCores = cores === 2 ? '0' : `0-${cores - 2}`;
  // -a: every thread of this process (autocannon runs here), not only the main one.
  if (spawnSync('taskset', ['-a', '-p', '-c', loadCore, String(process.pid)]).status !== 0) return null;
  return {
    server: (command, args) => ['taskset', ['-c', serverCores, command, ...args]],
    describe: `servers on core ${serverCores}, load generator on core ${loadCore}`,
  };
}
