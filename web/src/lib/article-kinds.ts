import type { ArticleKind } from '../graphql/graphql';

/** The badge readers see; news, the default, shows none. */
export const ARTICLE_KIND_LABELS: Record<ArticleKind, string | null> = {
  NEWS: null,
  ANALYSIS: 'Analysis',
  OPINION: 'Opinion',
  EXPLAINER: 'Explainer',
  SPONSORED: 'Sponsored',
};

/** schema.org's type for each kind of article. */
export const ARTICLE_KIND_JSON_LD_TYPES: Record<ArticleKind, string> = {
  NEWS: 'NewsArticle',
  ANALYSIS: 'AnalysisNewsArticle',
  OPINION: 'OpinionNewsArticle',
  EXPLAINER: 'BackgroundNewsArticle',
  SPONSORED: 'AdvertiserContentArticle',
};

/** Links in paid content tell search engines so (rel=sponsored), and open without a handle on the page. */
export const SPONSORED_LINK_REL = 'sponsored noopener';
