import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { BenchResult } from '../bench/bench-result.js';
import { verdictOf } from '../bench/bench-result.js';
import { END, readResults, renderReport, START, withReport } from '../bench/report.js';

const result: BenchResult = {
  name: 'http-cached',
  source: 'measured',
  command: 'npm run bench:http -- --cache on --out bench/results/http-cached.json',
  commit: 'abc1234',
  date: '2026-01-02',
  machine: { cores: 2, cpuModel: 'Test CPU' },
  settings: {},
  figures: [
    { route: 'GET /, cached', figure: '0.9 of a bare server', value: 0.9, target: '>= 0.5', met: true },
    { route: 'GET /a|b', figure: '0.4', value: 0.4, target: '>= 0.5', met: false },
  ],
  verdict: 'not met',
};

describe('the performance tables (npm run bench:report)', () => {
  it('name the command, commit, date and machine, and each figure with its target', () => {
    const table = renderResult();
    expect(table).toContain('`npm run bench:http -- --cache on --out bench/results/http-cached.json`');
    expect(table).toContain('measured on `abc1234`, 2026-01-02, 2 cores (Test CPU)');
    expect(table).toContain('| GET /, cached | 0.9 of a bare server | >= 0.5 |');
    expect(table).toContain('| GET /a\\|b | 0.4 | >= 0.5 (not met) |');
  });

  it('replace only what lies between the markers', () => {
    const readme = `# Site\n\n${START}\nold figures\n${END}\n\nAfter.\n`;
    const next = withReport(readme, 'new figures');
    expect(next).toMatch(/^# Site\n\n<!-- bench:report:start -->\n/);
    expect(next).toContain('new figures');
    expect(next).not.toContain('old figures');
    expect(next.endsWith(`${END}\n\nAfter.\n`)).toBe(true);
    expect(withReport(next, 'new figures')).toBe(next);
    expect(() => withReport('# no markers', 'x')).toThrow(/markers/);
  });

  it('judge a result by the figures that have a target', () => {
    expect(verdictOf(result.figures)).toBe('not met');
    expect(verdictOf([result.figures[0]!])).toBe('met');
    expect(verdictOf([{ ...result.figures[0]!, target: null, met: null }])).toBe('no target');
  });

  it('in README.md are the ones the committed results render', () => {
    const readme = readFileSync('README.md', 'utf8');
    expect(withReport(readme, renderReport(readResults()))).toBe(readme);
  });
});

function renderResult() {
  return renderReport([result]);
}
