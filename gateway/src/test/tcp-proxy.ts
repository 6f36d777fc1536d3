import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface TcpProxy {
  port: number;
  /** Refuses new connections and drops every open one: the database is gone. */
  down(): Promise<void>;
  /** Accepts connections again on the same port: the database is back. */
  up(): Promise<void>;
  /**
   * The network drops packets silently: nothing more passes on the open connections, which stay
   * open, and new ones get no answer. With `when`, the drop starts at the first chunk sent to the
   * database that matches (that chunk is lost too).
   */
  blackhole(when?: (chunk: Buffer) => boolean): void;
  /** New connections pass again; connections that lost packets stay dead, as after a real drop. */
  heal(): void;
  close(): Promise<void>;
}

/**
 * A TCP proxy in front of PostgreSQL that can cut the database off and bring it back, so an outage
 * is real: refused connections and dropped sockets, not a mock.
 */
export async function createTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  /** Connections that still pass bytes; a blackholed one leaves this set for good. */
  const passing = new Set<net.Socket>();
  let dropping: false | ((chunk: Buffer) => boolean) = false;
  let newOnesPass = true;
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    if (newOnesPass) passing.add(client);
    client.on('data', (chunk: Buffer) => {
      if (passing.has(client) && dropping !== false && dropping(chunk)) passing.delete(client);
      if (passing.has(client)) upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (passing.has(client)) client.write(chunk);
    });
    client.on('close', () => passing.delete(client));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const down = async () => {
    if (!server.listening) return;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const s of sockets) s.destroy();
    });
  };
  return {
    port,
    down,
    async up() {
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
    blackhole(when) {
      if (when) {
        dropping = when;
        return;
      }
      newOnesPass = false;
      passing.clear();
    },
    heal() {
      dropping = false;
      newOnesPass = true;
    },
    close: down,
  };
}

/** The same database URL, reached through the proxy. */
export function throughProxy(databaseUrl: string, proxy: TcpProxy): string {
  const url = new URL(databaseUrl);
  url.host = `127.0.0.1:${proxy.port}`;
  return url.toString();
}
