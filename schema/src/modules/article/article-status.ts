/**
 * An article's status, defined once: the entity, the GraphQL enum and the validation derive from
 * it. Readers see an article only when it is `published` and its `publishedAt` has come
 * (a future `publishedAt` schedules it); a `draft` is seen by editors only.
 */
export const ARTICLE_STATUSES = ['draft', 'published'] as const;

export type ArticleStatusValue = (typeof ARTICLE_STATUSES)[number];

export const DEFAULT_ARTICLE_STATUS: ArticleStatusValue = 'published';
