/** The address of a search results page: the header form, Trending Topics, filters and paging all link here. */
export function searchHref({ q, category, after }: { q: string; category?: string | null; after?: string | null }): string {
  const params = new URLSearchParams({ q });
  if (category) params.set('category', category);
  if (after) params.set('after', after);
  return `/search?${params}`;
}
