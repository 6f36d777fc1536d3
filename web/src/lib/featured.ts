export const LATEST_COUNT = 6;

/** The featured story is the first breaking article, else the first; up to 6 others follow it. */
export function pickFeatured<T extends { id: string; isBreaking: boolean }>(articles: readonly T[]) {
  const featured = articles.find((a) => a.isBreaking) ?? articles[0] ?? null;
  const latest = articles.filter((a) => a !== featured).slice(0, LATEST_COUNT);
  return { featured, latest };
}
