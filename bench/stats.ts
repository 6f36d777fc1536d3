import { readFileSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';

/** The middle value of a benchmark's rounds (the upper middle for an even count). */
export const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** CPU time a process has used so far (user + system, every thread), in µs: Linux's /proc, clock ticks of 10 ms. */
export function cpuMicros(child: ChildProcess): number {
  const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}
