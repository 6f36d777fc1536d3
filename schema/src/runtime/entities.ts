import { analyticsEntities } from '../modules/analytics/analytics.entities.js';
import { ApiKeyUsage } from '../modules/api-key/api-key-usage.entity.js';
import { ApiKey } from '../modules/api-key/api-key.entity.js';
import { ArticleRevision } from '../modules/article/article-revision.entity.js';
import { Article } from '../modules/article/article.entity.js';
import { Author } from '../modules/author/author.entity.js';
import { AuthorPhoto } from '../modules/author/author-photo.entity.js';
import { BlockedServer } from '../modules/fediverse/blocked-server.entity.js';
import { FediverseFollower } from '../modules/fediverse/fediverse-follower.entity.js';
import { FediverseReplyRow } from '../modules/fediverse/fediverse-reply.entity.js';
import { ArticleCorrection } from '../modules/correction/article-correction.entity.js';
import { CoverImage } from '../modules/article/cover-image.entity.js';
import { BreakingNewsItem } from '../modules/breaking-news/breaking-news-item.entity.js';
import { Category } from '../modules/category/category.entity.js';
import { ContactMessage } from '../modules/contact/contact-message.entity.js';
import { IdempotencyKey } from '../modules/contact/idempotency-key.entity.js';
import { IngestedItem } from '../modules/ingest/ingested-item.entity.js';
import { JobLease } from '../modules/ingest/job-lease.entity.js';
import { EditorToken } from '../modules/editor/editor-token.entity.js';
import { OutboxMessage } from '../modules/notification/outbox-message.entity.js';
import { Partner } from '../modules/partner/partner.entity.js';
import { newsletterEntities } from '../modules/newsletter/newsletter.entities.js';
import { StandardsPageText } from '../modules/standards/standards-page-text.entity.js';

/** Every entity, listed explicitly so bundling and any runner find them without globbing. */
export const entities = [Category, Article, BreakingNewsItem, Partner, ContactMessage, IdempotencyKey, OutboxMessage, ArticleRevision, CoverImage, EditorToken, ApiKey, ApiKeyUsage, IngestedItem, JobLease, Author, AuthorPhoto, ArticleCorrection, StandardsPageText, BlockedServer, FediverseFollower, FediverseReplyRow, ...analyticsEntities, ...newsletterEntities];
