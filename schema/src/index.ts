/**
 * schema's one front door. The gateway, the CLIs, scripts and benchmarks import schema from here
 * and nowhere else (tests may also use ./testing.ts). Entities, resolvers and the ORM stay
 * inside: callers get services, views, errors and the factories that wire them.
 */

// Database and GraphQL schema factories
export { type DatabaseTarget, describeTarget, parseDatabaseUrl } from './runtime/database-target.js';
export { type DatabaseReady, openDatabase } from './runtime/database.js';
export { createOrm, migrate, type Orm } from './runtime/orm.js';
export { cancelDatabaseWork, type CancelReport, databaseHasRoom, DEFAULT_POOL_SETTINGS, type PoolSettings } from './runtime/database-pool.js';
export { getGraphQLSchema } from './runtime/graphql-schema.js';
export { holdReadsOnPrimary, readFromPrimary, readsFromPrimary, REPLICA_CATCH_UP_MS } from './runtime/read-replicas.js';
export { type ContentChangeListener, notifyContentChange, onContentChange, SCHEDULED_TAGS } from './runtime/content-changes.js';
export { type ScheduledContentOptions, type ScheduledContentWatcher, watchScheduledContent } from './runtime/scheduled-content.js';

// Services and the request context
export { createServices, type ServiceSettings, type Services } from './runtime/services.js';
export { type Clock, systemClock } from './lib/clock.js';
export { ALL_TAG, CacheTagCollector, collectCacheTags, fediverseRepliesTag } from './lib/cache-tags.js';
export {
  ANONYMOUS,
  createRequestContext,
  type Loaders,
  type RequestContext,
  type Viewer,
} from './runtime/request-context.js';
export type { ContactSettings, SubmitOptions } from './modules/contact/contact.service.js';
export { IDEMPOTENCY_KEY_TTL_MS, parseIdempotencyKey } from './modules/contact/contact.service.js';
export type { SubmissionLimiter } from './modules/contact/submission-limiter.js';
export type { DeliveryReport, Mail, SendMail } from './modules/notification/outbox.service.js';
export type { NewsletterSettings, SubscribeAnswer } from './modules/newsletter/newsletter.service.js';
export { NEWSLETTER_FREQUENCIES, type NewsletterFrequency, SUBSCRIBE_ANSWER } from './modules/newsletter/newsletter-options.js';
export { DIGEST_LEASE, type DigestRunReport } from './modules/newsletter/newsletter-digest.service.js';
export { DIGEST_HOUR, dueDigests, siteTime } from './modules/newsletter/digest-schedule.js';

// Domain errors and database-error helpers
export {
  DomainError,
  type FieldProblem,
  ForbiddenError,
  IdempotencyKeyReusedError,
  NotFoundError,
  PayloadTooLargeError,
  ServiceUnavailableError,
  TooManyRequestsError,
  UnauthorizedError,
  type UnavailableReason,
  ValidationError,
} from './lib/errors.js';
export {
  asDomainError,
  asWriteDomainError,
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
  RETRY_AFTER_SECONDS,
  WRITE_UNAVAILABLE_MESSAGE,
} from './lib/database-errors.js';

// Views: what services return
export type { ArticleIdRange, ArticleLinkView, ArticlePage, ArticlePageQuery, ArticleView } from './modules/article/article.service.js';
export type { BreakingNewsView, EditorBreakingNewsView } from './modules/breaking-news/breaking-news.service.js';
export type { ArticleStateValue, EditorArticlePageQuery, EditorArticleView, RevisionView } from './modules/article/article-editing.service.js';
export type { CoverMaster } from './modules/article/article-cover.service.js';
export { COVER_BASE64_MAX_LENGTH, COVER_PICTURE, COVER_UPLOAD_LIMITS, coverTooLarge, type PictureUse } from './modules/article/cover-upload.validation.js';
export type { CreatedEditorToken, EditorTokenView } from './modules/editor/editor.service.js';
export type { ApiKeyCheck, ApiKeyUsageCount, ApiKeyUsageDay, ApiKeyView, ApiKeyWithUsage, CreatedApiKey } from './modules/api-key/api-key.service.js';
export type { CategoryView } from './modules/category/category.service.js';
export { AUTHOR_PHOTO, AUTHOR_PHOTO_SIDE, type AuthorView, isAuthorPhotoName } from './modules/author/author.service.js';
export type { CorrectionListView, CorrectionView } from './modules/correction/correction.service.js';
export { type FediverseReplyRecord, type FediverseReplySource, type FediverseReplyView, REPLIES_SHOWN } from './modules/fediverse/fediverse-reply.service.js';
export { CORRECTION_KIND_LABELS, type CorrectionKindValue } from './modules/correction/correction-kinds.js';
export type { ContactReceipt, InquiryPage, InquiryPageQuery, InquiryView } from './modules/contact/contact.service.js';
export type { EditorPartnerView, PartnerView } from './modules/partner/partner.service.js';
export type { SearchHit, SearchQuery, SearchResults } from './modules/search/search.service.js';
export type { StandardsPageTextView } from './modules/standards/standards-page.service.js';
export { inquiriesToCsv } from './modules/contact/inquiry-csv.js';
export { formatAbn, isValidAbn, MAX_OFFER_AUD, OFFER_TIMEFRAME_LABELS, OFFER_TIMEFRAMES, type DomainOffer } from './modules/contact/domain-offer.js';

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
export { MAX_STANDARDS_MARKDOWN_LENGTH, STANDARDS_PAGE_SLUGS, type StandardsPageSlug } from './modules/standards/standards-pages.js';
export { ARTICLE_STATUSES, type ArticleStatusValue } from './modules/article/article-status.js';
export { ARTICLE_STATES } from './modules/article/article-editing.service.js';
export { DEFAULT_EDITOR_ROLE, EDITOR_ROLES, type Editor, type EditorRoleValue, OWNER_EDITOR_NAME, type Permission, ROLE_PERMISSIONS } from './modules/editor/editor-roles.js';
export { EDITOR_TOKEN_PREFIX, hashToken } from './modules/editor/editor.service.js';
export { FEED_FETCH_DEFAULTS, fetchFeed, type FeedFetchOptions, type FetchedFeed, readFeedSource } from './modules/ingest/feed-fetcher.js';
export { type ClaimedTask, FediverseQueueFullError, type FediverseStoreService } from './modules/fediverse/fediverse-store.service.js';
export { FeedError, FeedFetchError, type FeedFetchFailure, FeedParseError } from './modules/ingest/ingest-errors.js';
export { parseFeed } from './modules/ingest/feed-parser.js';
export { type FeedRunResult, INGEST_EDITOR, type IngestOptions, type IngestReport } from './modules/ingest/ingest.service.js';
export { API_KEY_PREFIX, API_KEY_USAGE_DAYS, hashApiKey, isWellFormedApiKey, MAX_API_KEY_LIMIT_PER_MINUTE, utcDay } from './modules/api-key/api-key.service.js';
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
  isUploadedCoverPath,
  parseUploadedCoverName,
  UPLOADED_COVER_PATH_PREFIX,
  type UploadedCoverName,
  uploadedCoverPath,
} from './lib/cover-url.js';

// First-party audience measurement (docs/decisions/024-first-party-analytics.md)
export { type AgentReadHit, type AnalyticsRecorder, type AnalyticsRecorderOptions, createAnalyticsRecorder, type PageViewHit, type VitalsHit } from './modules/analytics/analytics-recorder.js';
export { agentName, type AgentName, KNOWN_AGENTS, OTHER_AGENT } from './modules/analytics/agent-names.js';
export { ANALYTICS_RANGES, type AnalyticsDashboard, type AnalyticsRange, isAnalyticsRange, type MonthlyTraffic, type VitalSummary } from './modules/analytics/analytics.service.js';
export { ANALYTICS_TIME_ZONE, analyticsDay } from './modules/analytics/analytics-day.js';
export { countryFromAcceptLanguage, countryFromTimeZone, referrerHost, UNKNOWN_COUNTRY } from './modules/analytics/audience.js';
export { countedPage, type CountedPage, PAGE_TEMPLATES, type PageTemplate } from './modules/analytics/page-templates.js';
export { parseVitalsReport, VITAL_METRICS, type VitalMetric, type VitalsReport } from './modules/analytics/web-vitals.js';
