import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import type { Server } from 'node:http';
import type { Express } from 'express';

export interface RawResponse {
  status: number;
  /** Header names in lower case; repeated headers joined with ", ". */
  headers: Record<string, string>;
  body: string;
  /** The body's bytes, as sent (a compressed body is not text). */
  bytes: Buffer;
}

/** Starts the app on a free local port (the caller closes it). */
export async function listen(app: Express): Promise<{ server: Server; port: number }> {
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return { server, port: (server.address() as AddressInfo).port };
}

function dechunk(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < body.length) {
    const lineEnd = body.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const size = Number.parseInt(body.subarray(at, lineEnd).toString('latin1'), 16);
    if (!size) break;
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/**
 * Sends a request exactly as written (request line and headers, `\r\n` separated, no final blank
 * line needed) over a plain socket, so targets a client library would rewrite (`//evil.example/x`,
 * `/\evil.example`, `http://evil.example/about`) reach the server as they are. Adds
 * `Connection: close` and reads until the server closes.
 */
export function rawRequest(port: number, head: string, body = ''): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const raw = Buffer.concat(chunks);
      const split = raw.indexOf('\r\n\r\n');
      if (split < 0) return reject(new Error(`No HTTP response: ${JSON.stringify(raw.toString('latin1').slice(0, 200))}`));
      const [statusLine, ...lines] = raw.subarray(0, split).toString('latin1').split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        const name = line.slice(0, colon).trim().toLowerCase();
        const value = line.slice(colon + 1).trim();
        headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
      }
      const payload = raw.subarray(split + 4);
      const decoded = /chunked/i.test(headers['transfer-encoding'] ?? '') ? dechunk(payload) : payload;
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: decoded.toString('utf8'), bytes: decoded });
    });
    socket.write(`${head.replace(/(\r\n)*$/, '')}\r\nConnection: close\r\n\r\n`);
    if (body) socket.write(body);
  });
}
