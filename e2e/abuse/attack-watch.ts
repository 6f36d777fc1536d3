import { expect } from 'vitest';
import type { AbuseSite } from './abuse-site.js';
import { type Answer, request } from './loopback-client.js';

/** What the site did while a row's attack ran. */
export interface AttackReport<T> {
  result: T;
  /** The highest VmRSS sampled (every 100 ms) while the attack ran, in MB. */
  peakRssMb: number;
  /** The other reader's answers: statuses, in order. */
  readerStatuses: number[];
  readerShare200: number;
  alive: boolean;
}

/** The other reader reads at least this many times, even when an attack ends sooner. */
const READS_AT_LEAST = 20;
/** The reader's pages: a cached home page, a cached API read and the cheapest page of all. */
const READER_PATHS = ['/', '/api/articles', '/about'];

/**
 * Runs a row's attack while a second client (its own loopback address) reads ordinary pages one
 * after another and the server's resident memory is sampled; then checks the process is alive.
 */
export async function underAttack<T>(site: AbuseSite, readerAddress: string, attack: () => Promise<T>): Promise<AttackReport<T>> {
  let peak = site.rssMb() ?? 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, site.rssMb() ?? 0);
  }, 100);
  let attacking = true;
  const readerStatuses: number[] = [];
  const reader = (async () => {
    for (let i = 0; attacking || i < READS_AT_LEAST; i++) {
      const answer: Answer = await request(site.port, READER_PATHS[i % READER_PATHS.length], { from: readerAddress, timeoutMs: 10_000, keepBytes: 0 });
      readerStatuses.push(answer.status);
      // A pause between reads keeps the reader a reader (about 5 a second), not a second load.
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  let result: T;
  try {
    result = await attack();
  } finally {
    attacking = false;
    await reader;
    clearInterval(sampler);
  }
  peak = Math.max(peak, site.rssMb() ?? 0);
  const healthz = site.alive() ? await request(site.port, '/healthz', { from: readerAddress, timeoutMs: 10_000 }) : null;
  return {
    result,
    peakRssMb: Math.round(peak),
    readerStatuses,
    readerShare200: readerStatuses.filter((s) => s === 200).length / readerStatuses.length,
    alive: site.alive() && healthz?.status === 200,
  };
}

/** The three things every row must show: the process lives, its memory stays bounded, readers are served. */
export function expectSiteHeld(site: AbuseSite, report: AttackReport<unknown>): void {
  const context = `peak RSS ${report.peakRssMb} MB (at rest ${site.restingRssMb} MB, ceiling ${site.rssCeilingMb} MB), reader 200s ${(report.readerShare200 * 100).toFixed(0)} % of ${report.readerStatuses.length}`;
  // Each row's figures in the run's output, passing or not: the margin left under the bounds.
  console.info(`${expect.getState().currentTestName ?? 'row'}: ${context}`);
  expect(report.alive, `the server process died: ${context}\n${site.lastErrors()}`).toBe(true);
  expect(report.peakRssMb, `resident memory over the bound: ${context}`).toBeLessThan(site.rssCeilingMb);
  expect(report.readerShare200, `the other reader was not served: ${context}; statuses ${summarise(report.readerStatuses)}`).toBeGreaterThanOrEqual(0.95);
}

/** `200x40 0x3` for a failure message. */
export function summarise(statuses: readonly number[]): string {
  const counts = new Map<number, number>();
  for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
  return [...counts].map(([s, n]) => `${s}x${n}`).join(' ');
}
