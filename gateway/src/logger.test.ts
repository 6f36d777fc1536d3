import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, prettyLine } from './logger.js';

function sink(isTTY: boolean) {
  let text = '';
  const stream = Object.assign(
    new Writable({
      write(chunk: Buffer, _encoding, callback) {
        text += chunk.toString();
        callback();
      },
    }),
    { isTTY },
  );
  return { stream, read: () => text };
}

describe('logs', () => {
  it('are pretty for a person at a terminal and JSON lines otherwise', async () => {
    const tty = sink(true);
    createLogger({ logLevel: 'info', env: 'development', logFormat: 'auto' }, tty.stream).warn({ refused: 3 }, 'database back after 4 s, 3 requests refused');
    const pipe = sink(false);
    createLogger({ logLevel: 'info', env: 'production', logFormat: 'auto' }, pipe.stream).warn({ refused: 3 }, 'database back');
    await new Promise((resolve) => setImmediate(resolve));
    expect(tty.read()).toMatch(/^\d{2}:\d{2}:\d{2}\.\d{3} \u001b\[33mWARN \u001b\[0m database back after 4 s, 3 requests refused refused=3\n$/);
    expect(JSON.parse(pipe.read())).toMatchObject({ level: 40, msg: 'database back', refused: 3 });
  });

  it('LOG_FORMAT=json and pretty override the terminal check', async () => {
    const tty = sink(true);
    createLogger({ logLevel: 'info', env: 'development', logFormat: 'json' }, tty.stream).info('hello');
    await new Promise((resolve) => setImmediate(resolve));
    expect(JSON.parse(tty.read()).msg).toBe('hello');
  });

  it('prints fields as key=value and an error stack on lines of its own', () => {
    const line = prettyLine(JSON.stringify({ level: 50, time: 0, pid: 1, hostname: 'h', msg: 'boom', url: '/x', err: { message: 'bad', stack: 'Error: bad\n    at f' } }));
    expect(line).toBe('00:00:00.000 ERROR boom url="/x" err="bad"\n    Error: bad\n        at f\n');
    expect(prettyLine('not json')).toBe('not json');
  });
});
