import { AsyncLocalStorage } from 'node:async_hooks';
import type { ConnectionType } from '@mikro-orm/core';
import { SitePostgreSqlDriver } from './reader-connection.js';

/**
 * How long after a committed change to public content every read of this process goes to the
 * primary, so a page rendered again right after a publish (its cached copy was just dropped) does
 * not read a replica that has not caught up, and keep that stale copy for the cache's whole life.
 */
export const REPLICA_CATCH_UP_MS = 2_000;

const primaryOnly = new AsyncLocalStorage<true>();
let primaryUntil = 0;

/** Runs work (and everything it awaits) with its reads on the primary: read-your-own-writes. */
export function readFromPrimary<T>(work: () => T): T {
  return primaryOnly.run(true, work);
}

/** Content changed (here or in another process): reads go to the primary for a while. */
export function holdReadsOnPrimary(ms = REPLICA_CATCH_UP_MS): void {
  primaryUntil = Math.max(primaryUntil, Date.now() + ms);
}

export function readsFromPrimary(): boolean {
  return primaryOnly.getStore() === true || Date.now() < primaryUntil;
}

/**
 * PostgreSQL with read replicas (DATABASE_REPLICA_URLS): MikroORM sends reads outside a
 * transaction to a replica and writes and transactions to the primary; this driver also sends
 * reads to the primary while `readsFromPrimary()` (a request that writes or holds a token, or just
 * after a change). Every connection the ORM asks for goes through `getConnection`.
 */
export class ReplicaAwarePostgreSqlDriver extends SitePostgreSqlDriver {
  override getConnection(type: ConnectionType = 'write') {
    return super.getConnection(type === 'read' && readsFromPrimary() ? 'write' : type);
  }
}

/**
 * Services whose reads are figures of past days (the owner's dashboard): no request waits for its
 * own write there, so they stay on the replicas even for the owner.
 */
const READS_ANY_COPY: ReadonlySet<PropertyKey> = new Set(['analytics']);

/**
 * The services of a request whose reads must see the latest writes (the newsroom, the owner,
 * writes): each method call runs with `readFromPrimary`.
 */
export function servicesOnPrimary<T extends object>(services: T): T {
  const wrapped = new Map<PropertyKey, unknown>();
  return new Proxy(services, {
    get(target, key, receiver) {
      const service = Reflect.get(target, key, receiver) as unknown;
      if (typeof service !== 'object' || service === null || READS_ANY_COPY.has(key)) return service;
      if (!wrapped.has(key)) {
        wrapped.set(
          key,
          new Proxy(service, {
            get(inner, name, innerReceiver) {
              const value = Reflect.get(inner, name, innerReceiver) as unknown;
              if (typeof value !== 'function') return value;
              return (...args: unknown[]) => readFromPrimary(() => Reflect.apply(value, inner, args));
            },
          }),
        );
      }
      return wrapped.get(key);
    },
  });
}
