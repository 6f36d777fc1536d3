import { readFileSync, watch } from 'node:fs';
import path from 'node:path';
import type { Clock } from '../../../schema/src/index.js';

/**
 * Tests only (NEWSLETTER_CLOCK_FILE): the digests' "now" is the instant written in a file, read again
 * whenever the file changes; `changed` is called after each change so a due digest goes out at once.
 * Empty, absent or unreadable: real time.
 */
export function digestClockFromFile(file: string, changed: () => void): { clock: Clock; close(): void } {
  let instant: Date | null = null;
  const read = () => {
    try {
      const text = readFileSync(file, 'utf8').trim();
      const parsed = text ? new Date(text) : null;
      instant = parsed && !Number.isNaN(parsed.getTime()) ? parsed : null;
    } catch {
      instant = null;
    }
  };
  read();
  // The folder is watched: the file may not exist yet, and an editor may replace it rather than write it.
  const watcher = watch(path.dirname(path.resolve(file)), (_event, name) => {
    if (name !== path.basename(file)) return;
    read();
    changed();
  });
  watcher.unref();
  return { clock: () => instant ?? new Date(), close: () => watcher.close() };
}
