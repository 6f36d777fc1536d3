/**
 * What kind of journalism an article is, defined once: the entity, the GraphQL enum, the validation
 * and the reader's badge derive from it. `sponsored` is paid for by a partner, whose name it carries.
 */
export const ARTICLE_KINDS = ['news', 'analysis', 'opinion', 'explainer', 'sponsored'] as const;

export type ArticleKindValue = (typeof ARTICLE_KINDS)[number];

export const DEFAULT_ARTICLE_KIND: ArticleKindValue = 'news';
