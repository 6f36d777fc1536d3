import http from 'node:http';
import net from 'node:net';

/** What one request got: a status (0 when no answer came: reset, refused, timed out). */
export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Why no answer came (ECONNRESET, timeout, ...), or null. */
  failure: string | null;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The loopback address the request leaves from: Linux routes all of 127/8 to lo. */
  from?: string;
  /** A request with no answer by then counts as failed (status 0). */
  timeoutMs?: number;
  /** Bytes of the body kept for assertions (the rest is read and dropped). */
  keepBytes?: number;
}

/**
 * One request to the site on its own connection, from a chosen loopback address: the server
 * counts limits per address, so each attacking client is a different source address.
 */
export function request(port: number, path: string, options: RequestOptions = {}): Promise<Answer> {
  const { method = 'GET', headers = {}, body, from, timeoutMs = 15_000, keepBytes = 256 * 1024 } = options;
  return new Promise((resolve) => {
    let settled = false;
    const done = (answer: Answer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(answer);
    };
    const req = http.request(
      // A client that reads nothing of the answer takes it compressed, as browsers do: fewer bytes on a shared machine.
      { host: '127.0.0.1', port, path, method, headers: { connection: 'close', ...(keepBytes === 0 ? { 'accept-encoding': 'gzip' } : {}), ...headers }, localAddress: from, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        res.on('data', (chunk: Buffer) => {
          if (kept < keepBytes) {
            chunks.push(chunk);
            kept += chunk.length;
          }
        });
        res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8'), failure: null }));
        res.on('error', (error: NodeJS.ErrnoException) => done({ status: 0, headers: {}, body: '', failure: error.code ?? error.message }));
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      done({ status: 0, headers: {}, body: '', failure: 'timeout' });
    }, timeoutMs);
    req.on('error', (error: NodeJS.ErrnoException) => done({ status: 0, headers: {}, body: '', failure: error.code ?? error.message }));
    req.end(body);
  });
}

/** JSON body helper: the request with its content type set. */
export function postJson(port: number, path: string, value: unknown, options: RequestOptions = {}): Promise<Answer> {
  return request(port, path, { ...options, method: 'POST', body: JSON.stringify(value), headers: { 'content-type': 'application/json', ...options.headers } });
}

/** Runs `work` over `items` with at most `concurrency` at once; results in order. */
export async function inPool<T, R>(items: readonly T[], concurrency: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index], index);
    }
  });
  await Promise.all(lanes);
  return results;
}

/** `count` loopback addresses of one block (127.<block>.0.1 ...): a row's attacking clients. */
export function addresses(block: number, count: number): string[] {
  return Array.from({ length: count }, (_, i) => `127.${block}.${Math.floor((i + 1) / 250)}.${((i + 1) % 250) + 1}`);
}

/** A raw TCP connection from a loopback address (for clients that never finish a request). */
export function openSocket(port: number, from: string): Promise<net.Socket | null> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port, localAddress: from });
    socket.once('connect', () => {
      socket.setTimeout(0);
      resolve(socket);
    });
    socket.once('error', () => {
      socket.destroy();
      resolve(null);
    });
    socket.setTimeout(5_000, () => {
      socket.destroy();
      resolve(null);
    });
  });
}

/** Tally of statuses: `{ 200: 12, 503: 3, 0: 1 }`. */
export function tally(answers: readonly Answer[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}
