import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServiceUnavailableError } from '../../../schema/src/index.js';
import { createDatabaseHealth } from './database-health.js';

function recorder() {
  const lines: { level: string; msg: string; fields: Record<string, unknown> }[] = [];
  const at = (level: string) => (fields: Record<string, unknown>, msg: string) => void lines.push({ level, msg, fields });
  return { lines, logger: { warn: at('warn'), info: at('info'), debug: at('debug') } };
}

const outage = () => new ServiceUnavailableError('briefly unavailable', 5, 'database-unreachable');
const busy = () => new ServiceUnavailableError('busy', 2, 'pool-busy');

describe('database health log', () => {
  // Its probes and summaries run on timers alone: faked, the test moves time instead of waiting.
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('warns once when the database becomes unreachable and once when it is back, with the count refused', async () => {
    const { lines, logger } = recorder();
    let up = false;
    const health = createDatabaseHealth({ logger, check: async () => up, pollMs: 20, summaryMs: 60_000 });
    try {
      for (let i = 0; i < 100; i++) health.refused(outage(), Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432\n    at stack'), { code: 'ECONNREFUSED' }));
      health.refused(outage(), undefined, 'stale');
      expect(health.state).toBe('down');
      // Three probes find it still away; the next finds it back, 80 ms after the first refusal.
      await vi.advanceTimersByTimeAsync(60);
      expect(health.state).toBe('down');
      up = true;
      await vi.advanceTimersByTimeAsync(20);
      expect(health.state).toBe('up');
      const warnings = lines.filter((l) => l.level === 'warn');
      expect(warnings.map((l) => l.msg)).toEqual([
        'database unreachable: answering 503 (and last good copies where cached) until it is back',
        expect.stringMatching(/^database back after \d+ s, 100 requests refused, 1 answered with last good copies$/),
      ]);
      // One line on the cause, never a stack; each refusal's detail only at debug.
      expect(warnings[0].fields.cause).toBe('connect ECONNREFUSED 127.0.0.1:5432');
      expect(lines.filter((l) => l.level === 'debug')).toHaveLength(101);
    } finally {
      health.stop();
    }
  });

  it('sums refusals up once a minute while the outage lasts, and a busy pool apart from an outage', async () => {
    const { lines, logger } = recorder();
    const health = createDatabaseHealth({ logger, check: async () => false, pollMs: 10_000, summaryMs: 50 });
    try {
      health.refused(outage());
      health.refused(outage());
      for (let i = 0; i < 5; i++) health.refused(busy());
      await vi.advanceTimersByTimeAsync(50);
      const warnings = lines.filter((l) => l.level === 'warn').map((l) => l.msg);
      expect(warnings).toContain('database still unreachable: 2 requests refused in the last minute');
      expect(warnings.filter((m) => m.startsWith('database pool busy: refusing'))).toHaveLength(1);
      expect(warnings).toContain('database pool busy: 5 requests refused in the last minute (queue full or no connection free in time)');
      // A busy pool does not make the database count as unreachable on its own.
      expect(health.state).toBe('down');
    } finally {
      health.stop();
    }
  });
});
