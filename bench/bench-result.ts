/**
 * A benchmark's result as data: `--out bench/results/<name>.json` writes it, and `npm run
 * bench:report` renders the README's tables from the committed files. Git history of
 * bench/results/ is the history of the figures.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname } from 'node:path';

/** One measured figure: what was measured, its value as printed, and its target when it has one. */
export interface BenchFigure {
  route: string;
  /** The figure as a reader reads it, e.g. `0.98 of a bare server (by CPU 0.56)`. */
  figure: string;
  /** The number the verdict is taken on. */
  value: number;
  /** The target as a reader reads it, e.g. `>= 0.5`; null when the figure is only reported. */
  target: string | null;
  met: boolean | null;
}

export interface BenchResult {
  name: string;
  /** How the figures came to be: `measured`, or `transcribed` from an earlier record. */
  source: string;
  /** The command that measures them again. */
  command: string;
  commit: string;
  date: string;
  machine: { cores: number; cpuModel: string };
  settings: Record<string, unknown>;
  figures: BenchFigure[];
  /** `met` when every figure with a target met it, `not met` otherwise, `no target` without any. */
  verdict: 'met' | 'not met' | 'no target';
}

/** The value of `--out <file>` on this command line, if any. */
export function outOption(argv = process.argv): string | undefined {
  const i = argv.indexOf('--out');
  if (i >= 0) return argv[i + 1];
  return argv.find((arg) => arg.startsWith('--out='))?.slice('--out='.length);
}

/** The verdict over every figure that has a target. */
export function verdictOf(figures: BenchFigure[]): BenchResult['verdict'] {
  const judged = figures.filter((f) => f.met !== null);
  if (!judged.length) return 'no target';
  return judged.every((f) => f.met) ? 'met' : 'not met';
}

function currentCommit(): string {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' }).trim();
    return dirty ? `${commit}+changes` : commit;
  } catch {
    return 'unknown';
  }
}

/** The result of this run, stamped with the commit, the date and the machine. */
export function benchResult(result: Pick<BenchResult, 'name' | 'command' | 'settings' | 'figures'>): BenchResult {
  return {
    name: result.name,
    source: 'measured',
    command: result.command,
    commit: currentCommit(),
    date: new Date().toISOString().slice(0, 10),
    machine: { cores: cpus().length, cpuModel: cpus()[0]?.model.trim() ?? 'unknown' },
    settings: result.settings,
    figures: result.figures,
    verdict: verdictOf(result.figures),
  };
}

/** Writes the result to `--out`'s file when the command line has one; prints where. */
export function writeBenchResult(result: Pick<BenchResult, 'name' | 'command' | 'settings' | 'figures'>, out = outOption()): BenchResult {
  const full = benchResult(result);
  if (out) {
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, `${JSON.stringify(full, null, 2)}\n`);
    console.log(`result written to ${out} (npm run bench:report renders the README's table)`);
  }
  return full;
}
