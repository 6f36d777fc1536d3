import { Writable } from 'node:stream';
import { inspect } from 'node:util';
import { pino, type DestinationStream } from 'pino';
import type { Config } from './config/config.js';

const LEVELS: Record<number, { name: string; color: number }> = {
  10: { name: 'TRACE', color: 90 },
  20: { name: 'DEBUG', color: 36 },
  30: { name: 'INFO', color: 32 },
  40: { name: 'WARN', color: 33 },
  50: { name: 'ERROR', color: 31 },
  60: { name: 'FATAL', color: 35 },
};

/** Fields every line has; the pretty form shows them as the line's head, not as key=value. */
const HEAD_FIELDS = new Set(['level', 'time', 'msg', 'pid', 'hostname']);

/**
 * One JSON log line as a person reads it: `12:04:05.123 WARN  database unreachable cause="…"`,
 * the level coloured when `color`; an error's stack follows on its own lines.
 */
export function prettyLine(json: string, color = false): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  const level = LEVELS[Number(entry.level)] ?? { name: String(entry.level), color: 0 };
  const time = new Date(typeof entry.time === 'number' ? entry.time : Date.now()).toISOString().slice(11, 23);
  const name = level.name.padEnd(5);
  let line = `${time} ${color ? `\u001b[${level.color}m${name}\u001b[0m` : name} ${String(entry.msg ?? '')}`;
  let stack = '';
  for (const [key, value] of Object.entries(entry)) {
    if (HEAD_FIELDS.has(key)) continue;
    if (key === 'err' && value && typeof value === 'object') {
      const err = value as { message?: string; stack?: string };
      line += ` err=${JSON.stringify(err.message ?? '')}`;
      if (err.stack) stack += `\n    ${err.stack.split('\n').join('\n    ')}`;
      continue;
    }
    line += ` ${key}=${typeof value === 'string' ? JSON.stringify(value) : inspect(value, { breakLength: Infinity, depth: 3, compact: true })}`;
  }
  return `${line}${stack}\n`;
}

/** A destination that writes pino's lines in the pretty form (no dependency, no worker thread). */
export function prettyStream(out: NodeJS.WritableStream = process.stdout, color = Boolean((out as { isTTY?: boolean }).isTTY)): DestinationStream {
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const json of chunk.toString('utf8').split('\n')) if (json) out.write(prettyLine(json, color));
      callback();
    },
  });
}

/**
 * The server's logger: JSON lines for machines (log shippers, files, pipes), the pretty form when a
 * person watches the terminal (LOG_FORMAT=auto and stdout is a TTY) or asks for it (pretty).
 */
export function createLogger(config: Pick<Config, 'logLevel' | 'env'> & Partial<Pick<Config, 'logFormat'>>, stdout: NodeJS.WritableStream = process.stdout) {
  const format = config.logFormat ?? 'auto';
  const pretty = format === 'pretty' || (format === 'auto' && Boolean((stdout as { isTTY?: boolean }).isTTY));
  const options = {
    level: config.logLevel,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], remove: true },
  };
  if (pretty) return pino(options, prettyStream(stdout));
  return stdout === process.stdout ? pino(options) : pino(options, stdout as DestinationStream);
}
