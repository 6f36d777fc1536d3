/** How long a process trusts its copy of the owner's list: another process's edit applies within it. */
export const BLOCKED_LIST_TTL_MS = 30_000;

export interface BlockedServerList {
  /** Whether activities from this server (a host, with or without a port) are refused. */
  blocks(server: string): Promise<boolean>;
  /** Reads the owner's list again now (after an edit in this process). */
  refresh(): Promise<void>;
}

/**
 * The servers refused at the inbox: ACTIVITYPUB_BLOCKED_SERVERS and the owner's list in the
 * database, each with its subdomains. The owner's list is read at most every BLOCKED_LIST_TTL_MS,
 * one read at a time; when the database does not answer, the last list read stays in force.
 */
export function blockedServerList({ configured, read, ttlMs = BLOCKED_LIST_TTL_MS, now = Date.now }: { configured: readonly string[]; read?: () => Promise<readonly string[]>; ttlMs?: number; now?: () => number }): BlockedServerList {
  let owned: readonly string[] = [];
  let readAt = -Infinity;
  let reading: Promise<void> | null = null;
  const refresh = () => {
    if (!read) return Promise.resolve();
    reading ??= read()
      .then(
        (list) => {
          owned = list;
          readAt = now();
        },
        // Tried again at the next activity after a short pause, not at every one.
        () => {
          readAt = now() - ttlMs + 1_000;
        },
      )
      .finally(() => {
        reading = null;
      });
    return reading;
  };
  const matches = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);
  return {
    async blocks(server) {
      const host = server.replace(/:\d+$/, '').toLowerCase();
      if (configured.some((domain) => matches(host, domain))) return true;
      if (now() - readAt >= ttlMs) await refresh();
      return owned.some((domain) => matches(host, domain));
    },
    refresh,
  };
}
