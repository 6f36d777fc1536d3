import type { EntityManager } from '@mikro-orm/core';

/** Followers one account keeps at most: beyond, a Follow is accepted by no one and not stored. */
export const MAX_FOLLOWERS_PER_ACCOUNT = 50_000;
/** The longest actor or inbox URL stored; a longer one is not a follower the site keeps. */
const MAX_URL_LENGTH = 1_000;

export interface StoredFollower {
  id: string;
  inbox: string;
  sharedInbox: string | null;
}

/**
 * Who follows the site's fediverse accounts: added by a Follow, removed by its Undo, each a single
 * statement on its own row, so concurrent activities never undo each other's work.
 */
export class FediverseFollowersService {
  constructor(private readonly em: EntityManager) {}

  async list(account: string): Promise<StoredFollower[]> {
    const rows: { follower_id: string; inbox: string; shared_inbox: string | null }[] = await this.em
      .getConnection()
      .execute('select follower_id, inbox, shared_inbox from fediverse_follower where account = ? order by id limit ?', [account, MAX_FOLLOWERS_PER_ACCOUNT]);
    return rows.map((r) => ({ id: r.follower_id, inbox: r.inbox, sharedInbox: r.shared_inbox }));
  }

  /** False when it was not stored: the account is full or the URLs are too long. A repeat Follow is stored once. */
  async add(account: string, follower: StoredFollower): Promise<boolean> {
    if ([follower.id, follower.inbox, follower.sharedInbox ?? ''].some((url) => url.length > MAX_URL_LENGTH)) return false;
    const rows: unknown[] = await this.em.getConnection('write').execute(
      `insert into fediverse_follower (account, follower_id, inbox, shared_inbox, created_at)
       select ?, ?, ?, ?, ? where (select count(*) from fediverse_follower where account = ?) < ?
       on conflict (account, follower_id) do update set inbox = excluded.inbox, shared_inbox = excluded.shared_inbox
       returning id`,
      [account, follower.id, follower.inbox, follower.sharedInbox, new Date(), account, MAX_FOLLOWERS_PER_ACCOUNT],
      'all',
    );
    return rows.length > 0;
  }

  async remove(account: string, followerId: string): Promise<void> {
    await this.em.getConnection('write').execute('delete from fediverse_follower where account = ? and follower_id = ?', [account, followerId], 'run');
  }

  async count(account: string): Promise<number> {
    const [row]: { n: number | string }[] = await this.em.getConnection().execute('select count(*) as n from fediverse_follower where account = ?', [account]);
    return Number(row?.n ?? 0);
  }

  /** Followers per account, for the accounts that have any. */
  async counts(): Promise<Map<string, number>> {
    const rows: { account: string; n: number | string }[] = await this.em.getConnection().execute('select account, count(*) as n from fediverse_follower group by account');
    return new Map(rows.map((r) => [r.account, Number(r.n)]));
  }
}
