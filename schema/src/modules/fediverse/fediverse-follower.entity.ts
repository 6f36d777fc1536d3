import { defineEntity, p } from '@mikro-orm/core';

/**
 * A fediverse account following one of the site's accounts (the site's, a category's or an
 * author's, by its identifier): where to deliver to it. One row per pair, so Follows and Undos
 * arriving at once, in one process or several, each keep their effect.
 */
const FediverseFollowerSchema = defineEntity({
  name: 'FediverseFollower',
  tableName: 'fediverse_follower',
  properties: {
    id: p.integer().primary(),
    /** The site's account followed: `news`, a category's or an author's slug. */
    account: p.string().length(80),
    /** The follower's actor id (a URL). */
    followerId: p.string().length(1000),
    inbox: p.string().length(1000),
    sharedInbox: p.string().length(1000).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
  uniques: [{ name: 'fediverse_follower_account_follower_unique', properties: ['account', 'followerId'] }],
});

export class FediverseFollower extends FediverseFollowerSchema.class {}
FediverseFollowerSchema.setClass(FediverseFollower);
