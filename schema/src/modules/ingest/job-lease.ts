import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';

/** Who this process is, for the lease table: host, pid and a random part (a pid may repeat in containers). */
export function leaseHolder(): string {
  return `${hostname().slice(0, 48)}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

/**
 * Takes the named lease for `ttlMs` unless another holder's is still unexpired: one statement,
 * so two processes racing for it cannot both win. Times are the database's clock, the one every
 * process shares.
 */
export async function tryTakeLease(em: EntityManager, name: string, holder: string, ttlMs: number): Promise<boolean> {
  const rows: unknown[] = await em.getConnection().execute(
    `insert into "job_lease" ("name", "holder", "expires_at") values (?, ?, now() + cast(? as double precision) * interval '1 millisecond')
     on conflict ("name") do update set "holder" = excluded."holder", "expires_at" = excluded."expires_at"
     where "job_lease"."expires_at" <= now() or "job_lease"."holder" = excluded."holder"
     returning "holder"`,
    [name, holder, ttlMs],
  );
  return rows.length === 1;
}

/** Gives the lease back, if this holder still has it. */
export async function releaseLease(em: EntityManager, name: string, holder: string): Promise<void> {
  await em.getConnection().execute(`delete from "job_lease" where "name" = ? and "holder" = ?`, [name, holder]);
}
