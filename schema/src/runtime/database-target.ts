import path from 'node:path';

/** Where the data lives, decided once from DATABASE_URL. */
export type DatabaseTarget =
  | { kind: 'pglite'; dataDir: string | null }
  | {
      kind: 'postgres';
      url: string;
      /** Read replicas (DATABASE_REPLICA_URLS): reads go there, writes and transactions to `url`. */
      replicaUrls?: string[];
    };

export const DEFAULT_PGLITE_DIR = '.data/pglite';

/**
 * unset            -> embedded PGlite persisted under .data/pglite
 * pglite:memory    -> embedded PGlite in memory
 * pglite:<dir>     -> embedded PGlite persisted in <dir>
 * postgres://...   -> a real PostgreSQL server
 */
export function parseDatabaseUrl(value: string | undefined, cwd = process.cwd()): DatabaseTarget {
  const url = value?.trim();
  if (!url) return { kind: 'pglite', dataDir: path.resolve(cwd, DEFAULT_PGLITE_DIR) };
  if (url === 'pglite:memory') return { kind: 'pglite', dataDir: null };
  if (url.startsWith('pglite:')) {
    const dir = url.slice('pglite:'.length);
    if (!dir) throw new Error('DATABASE_URL "pglite:" needs a folder, e.g. pglite:.data/pglite');
    return { kind: 'pglite', dataDir: path.resolve(cwd, dir) };
  }
  if (/^postgres(ql)?:\/\//.test(url)) return { kind: 'postgres', url };
  throw new Error(
    'DATABASE_URL must be unset, "pglite:memory", "pglite:<folder>" or a postgres:// URL',
  );
}

export function describeTarget(target: DatabaseTarget): string {
  if (target.kind === 'postgres') {
    const replicas = target.replicaUrls?.length ? ` with ${target.replicaUrls.length} read replica${target.replicaUrls.length === 1 ? '' : 's'} (${target.replicaUrls.map((u) => new URL(u).host).join(', ')})` : '';
    return `PostgreSQL at ${new URL(target.url).host}${replicas}`;
  }
  return target.dataDir ? `embedded PGlite in ${target.dataDir}` : 'embedded PGlite in memory';
}
