import 'reflect-metadata';
import { buildSchema } from 'type-graphql';
import type { GraphQLSchema } from 'graphql';
import { ApiKeyResolver } from '../modules/api-key/api-key.resolver.js';
import { ArticleConnectionResolver } from '../modules/article/article-connection.resolver.js';
import { ArticleEditingResolver } from '../modules/article/article-editing.resolver.js';
import { ArticleResolver } from '../modules/article/article.resolver.js';
import { ArticleAuthorResolver, AuthorResolver } from '../modules/author/author.resolver.js';
import { BreakingNewsResolver } from '../modules/breaking-news/breaking-news.resolver.js';
import { CategoryResolver } from '../modules/category/category.resolver.js';
import { ContactResolver } from '../modules/contact/contact.resolver.js';
import { ArticleCorrectionsResolver, CorrectionResolver } from '../modules/correction/correction.resolver.js';
import { EditorResolver } from '../modules/editor/editor.resolver.js';
import { ArticleFediverseRepliesResolver } from '../modules/fediverse/fediverse-reply.resolver.js';
import { NewsletterResolver } from '../modules/newsletter/newsletter.resolver.js';
import { PartnerResolver } from '../modules/partner/partner.resolver.js';
import { SearchResolver } from '../modules/search/search.resolver.js';
import { StandardsPageResolver } from '../modules/standards/standards-page.resolver.js';

export const resolvers = [
  ArticleResolver,
  ArticleConnectionResolver,
  CategoryResolver,
  BreakingNewsResolver,
  PartnerResolver,
  ContactResolver,
  SearchResolver,
  ArticleEditingResolver,
  EditorResolver,
  ApiKeyResolver,
  NewsletterResolver,
  AuthorResolver,
  ArticleAuthorResolver,
  CorrectionResolver,
  ArticleCorrectionsResolver,
  ArticleFediverseRepliesResolver,
  StandardsPageResolver,
] as const;

let cached: Promise<GraphQLSchema> | undefined;

/** Built once per process: type-graphql metadata is global. */
export function getGraphQLSchema(): Promise<GraphQLSchema> {
  cached ??= buildSchema({ resolvers, validate: false });
  return cached;
}
