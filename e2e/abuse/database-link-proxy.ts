import net from 'node:net';

/** A TCP proxy in front of PostgreSQL whose link can be cut, or made to drop every packet silently. */
export interface DatabaseLinkProxy {
  port: number;
  /** Bytes sent towards the database since the proxy started. */
  bytesToDatabase(): number;
  /** Refuses new connections and resets the open ones: an outage the server hears of at once. */
  cut(): void;
  /**
   * Packets dropped: open connections stay open and hear nothing, new ones connect and hear nothing.
   * A silently dead connection stays dead after `restore` (its peer forgot it), as after a network fault.
   */
  blackhole(): void;
  /** New connections reach the database again. */
  restore(): void;
  close(): Promise<void>;
}

export async function createDatabaseLinkProxy(target: { host: string; port: number }): Promise<DatabaseLinkProxy> {
  let mode: 'forward' | 'refuse' | 'blackhole' = 'forward';
  let toDatabase = 0;
  const links = new Set<{ client: net.Socket; upstream: net.Socket | null; dead: boolean }>();
  const server = net.createServer((client) => {
    client.on('error', () => client.destroy());
    if (mode === 'refuse') {
      client.resetAndDestroy();
      return;
    }
    const link = { client, upstream: null as net.Socket | null, dead: mode === 'blackhole' };
    links.add(link);
    client.on('close', () => {
      links.delete(link);
      link.upstream?.destroy();
    });
    if (link.dead) return;
    const upstream = net.connect(target.port, target.host);
    link.upstream = upstream;
    upstream.on('error', () => client.destroy());
    upstream.on('close', () => {
      if (!link.dead) client.destroy();
    });
    client.on('data', (chunk: Buffer) => {
      if (link.dead) return;
      toDatabase += chunk.length;
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!link.dead) client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    bytesToDatabase: () => toDatabase,
    cut() {
      mode = 'refuse';
      for (const link of links) {
        link.dead = true;
        link.client.resetAndDestroy();
        link.upstream?.destroy();
      }
    },
    blackhole() {
      mode = 'blackhole';
      for (const link of links) link.dead = true;
    },
    restore() {
      mode = 'forward';
    },
    async close() {
      for (const link of links) {
        link.client.destroy();
        link.upstream?.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
