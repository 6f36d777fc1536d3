/**
 * schema's one front door. The gateway, the CLIs, scripts and benchmarks import schema from here
 * and nowhere else (tests may also use ./testing.ts). Entities, resolvers and the ORM stay
 * inside: callers get services, views, errors and the factories that wire them.
 */

// Database and GraphQL schema factories
export { type DatabaseTarget, describeTarget, parseDatabaseUrl } from './runtime/database-target.js';
export { type DatabaseReady, openDatabase } from './runtime/database.js';
export { createOrm, migrate, type Orm } from './runtime/orm.js';
export { getGraphQLSchema } from './runtime/graphql-schema.js';
export { type ContentChangeListener, notifyContentChange, onContentChange } from './runtime/content-changes.js';

// Services and the request context
export { createServices, type ServiceSettings, type Services } from './runtime/services.js';
export {
  ANONYMOUS,
  assertAdmin,
  createRequestContext,
  type Loaders,
  type RequestContext,
  type Viewer,
} from './runtime/request-context.js';
export type { ContactSettings } from './modules/contact/contact.service.js';
export type { SubmissionLimiter } from './modules/contact/submission-limiter.js';
export type { DeliveryReport, Mail, SendMail } from './modules/notification/outbox.service.js';

// Domain errors and database-error helpers
export {
  DomainError,
  type FieldProblem,
  NotFoundError,
  ServiceUnavailableError,
  TooManyRequestsError,
  UnauthorizedError,
  ValidationError,
} from './lib/errors.js';
export { asDomainError, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from './lib/database-errors.js';

// Views: what services return
export type { ArticleIdRange, ArticleLinkView, ArticlePage, ArticlePageQuery, ArticleView } from './modules/article/article.service.js';
export type { BreakingNewsView } from './modules/breaking-news/breaking-news.service.js';
export type { CategoryView } from './modules/category/category.service.js';
export type { ContactReceipt, InquiryPage, InquiryPageQuery, InquiryView } from './modules/contact/contact.service.js';
export type { PartnerView } from './modules/partner/partner.service.js';
export type { SearchHit, SearchQuery, SearchResults } from './modules/search/search.service.js';
export { inquiriesToCsv } from './modules/contact/inquiry-csv.js';

// Shared concepts, defined once
export { DEFAULT_INQUIRY_PAGE_SIZE, DEFAULT_PAGE_SIZE, encodeCursor, MAX_PAGE_SIZE, type Page, type PageQuery } from './lib/pagination.js';
export { ARTICLE_ID_BLOCK, DEFAULT_RELATED_COUNT } from './modules/article/article.service.js';
export {
  DEFAULT_SEARCH_PAGE_SIZE,
  MAX_SEARCH_QUERY_LENGTH,
  parseSearchText,
  SEARCH_RANK_CAP,
} from './modules/search/search.service.js';
export {
  DEFAULT_INQUIRY_TYPE,
  INQUIRY_TYPE_LABELS,
  INQUIRY_TYPE_OPTIONS,
  INQUIRY_TYPES,
  type InquiryTypeValue,
  isInquiryType,
  PRIORITY_INQUIRY_TYPE,
} from './modules/contact/inquiry-types.js';
export { PARTNER_PLACEMENTS, type PartnerPlacementValue } from './modules/partner/partner-placements.js';
export {
  ALLOWED_COVER_WIDTHS,
  articleCoverKey,
  COVER_KEY_PATTERN,
  COVER_PATH_PREFIX,
  COVER_RATIOS,
  COVER_WIDTHS,
  type CoverRatio,
  coverHeight,
  coverPath,
  coverSrcSet,
  coverUrl,
  DEFAULT_COVER_RATIO,
  DEFAULT_COVER_WIDTH,
  FALLBACK_COVER_COUNT,
  fallbackCoverPath,
  MAX_COVER_KEY_LENGTH,
  OG_COVER_WIDTH,
} from './lib/cover-url.js';
