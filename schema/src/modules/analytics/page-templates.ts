/**
 * The reader pages the site counts, named once: page views, Web Vitals and the dashboard all use
 * these names. A path that is none of them (the newsroom, the API, files, feeds, the offline copy)
 * is not counted.
 */
export const PAGE_TEMPLATES = ['home', 'article', 'categories', 'category', 'search', 'about', 'contact', 'domain'] as const;
export type PageTemplate = (typeof PAGE_TEMPLATES)[number];

export interface CountedPage {
  /** The path as counted: lower case, no query, no trailing slash (search terms are never kept). */
  path: string;
  template: PageTemplate;
  /** Set for article pages, so the dashboard can name the article. */
  articleId: number | null;
}

/** Longer paths are no page of the site. */
const MAX_PATH_LENGTH = 200;
const FIXED: Readonly<Record<string, PageTemplate>> = {
  '/': 'home',
  '/categories': 'categories',
  '/search': 'search',
  '/about': 'about',
  '/contact': 'contact',
  '/domain': 'domain',
};

/** Which reader page a request path is (its URL shapes as `web/src/app/app.tsx` routes them), or null. */
export function countedPage(rawPath: string): CountedPage | null {
  if (rawPath.length > MAX_PATH_LENGTH || !rawPath.startsWith('/')) return null;
  // The router matches paths whatever their case and with a trailing slash.
  const path = rawPath.length > 1 ? rawPath.toLowerCase().replace(/\/+$/, '') || '/' : '/';
  const fixed = FIXED[path];
  if (fixed) return { path, template: fixed, articleId: null };
  const article = /^\/articles\/([1-9]\d{0,9})$/.exec(path);
  if (article) {
    const id = Number(article[1]);
    return id <= 2_147_483_647 ? { path, template: 'article', articleId: id } : null;
  }
  if (/^\/categories\/[a-z0-9][a-z0-9-]{0,79}$/.test(path)) return { path, template: 'category', articleId: null };
  return null;
}

export function isPageTemplate(value: string): value is PageTemplate {
  return (PAGE_TEMPLATES as readonly string[]).includes(value);
}
