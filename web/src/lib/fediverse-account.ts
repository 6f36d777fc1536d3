/**
 * The site's own accounts on the fediverse (decisions 101, 123): the site's, one per category and
 * one per author, each named by a slug. The gateway's actor documents and the pages' "Follow on the
 * fediverse" control read their handles from here, so what a reader copies is what WebFinger answers.
 */

/** The site's own account: `@news@{domain}`. */
export const SITE_ACTOR = 'news';

export interface FediverseAccount {
  /** The actor document's preferredUsername (and the account's identifier in its URL). */
  username: string;
  /** SITE_URL's host (with its port, if it has one): the domain WebFinger answers for. */
  domain: string;
  /** `@{username}@{domain}`: what a reader types into a fediverse app's search. */
  handle: string;
}

export function fediverseAccount(siteUrl: string, username: string): FediverseAccount {
  const domain = new URL(siteUrl).host;
  return { username, domain, handle: `@${username}@${domain}` };
}

/** A category's account name: its slug, unless the site's own account has that name (the site's comes first). */
export function categoryAccountName(slug: string): string | null {
  return slug === SITE_ACTOR ? null : slug;
}

/** An author's account name: their slug, unless the site's or a category's account has it (those come first). */
export function authorAccountName(slug: string, categorySlugs: readonly string[]): string | null {
  return slug === SITE_ACTOR || categorySlugs.includes(slug) ? null : slug;
}
