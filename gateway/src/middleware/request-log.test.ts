import { Writable } from 'node:stream';
import express from 'express';
import { pino } from 'pino';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { LOG_URL_MAX, logUrl, requestLog } from './request-log.js';

/** A flood of client errors writes a few short lines, not one full URL per request. */
function logged() {
  const lines: Record<string, unknown>[] = [];
  let bytes = 0;
  const out = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
      callback();
    },
  });
  let clock = 1_000_000;
  const log = requestLog(pino({ level: 'info' }, out), { summaryIntervalMs: 0, sampleRate: 0, now: () => clock });
  const app = express()
    .use(log)
    .get('/status/:code', (req, res) => {
      res.status(Number(req.params.code)).end();
    });
  return {
    app,
    lines,
    bytes: () => bytes,
    log,
    later(ms: number) {
      clock += ms;
    },
  };
}

const LONG = `?q=${'x'.repeat(10_000)}`;

describe('request log under a flood of client errors', () => {
  it('logs one 4xx line per address a minute, its URL cut, and sums up the rest', async () => {
    const t = logged();
    for (let n = 0; n < 100; n += 1) await request(t.app).get(`/status/404${LONG}${n}`).expect(404);
    const requestLines = t.lines.filter((l) => l.msg === 'request');
    expect(requestLines).toHaveLength(1);
    expect(String(requestLines[0].url).length).toBeLessThan(LOG_URL_MAX + 30);
    expect(requestLines[0].url).toMatch(/…\(\+\d+ chars\)$/);
    t.log.summarise();
    expect(t.lines.at(-1)?.msg).toBe('99 more client errors (4xx) not logged one by one in the last minute from 1 address');
    // 100 requests with 10 kB URLs (1 MB of URLs): a few hundred bytes of log.
    expect(t.bytes()).toBeLessThan(2_000);

    t.later(60_000);
    await request(t.app).get('/status/400').expect(400);
    expect(t.lines.filter((l) => l.msg === 'request')).toHaveLength(2);
  });

  it('never logs a 429 by itself, and sums them up with their addresses', async () => {
    const t = logged();
    for (let n = 0; n < 200; n += 1) await request(t.app).get(`/status/429${LONG}`).expect(429);
    expect(t.lines).toHaveLength(0);
    t.log.summarise();
    expect(t.lines.map((l) => l.msg)).toEqual(['200 requests refused with 429 in the last minute from 1 address']);
    expect(t.lines[0].level).toBe(40);
    t.log.summarise();
    expect(t.lines).toHaveLength(1);
  });

  it('cuts the URL of every line it writes', async () => {
    const t = logged();
    await request(t.app).get(`/status/500${LONG}`).expect(500);
    expect(t.lines[0].msg).toBe('request failed');
    expect(String(t.lines[0].url).length).toBeLessThan(LOG_URL_MAX + 30);
    expect(logUrl('/short')).toBe('/short');
  });
});
