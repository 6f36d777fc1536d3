/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "fragment ArticleCard_article on Article {\n  id\n  title\n  excerpt\n  author\n  publishedAt\n  imageUrl\n  isBreaking\n  readingMinutes\n  category {\n    id\n    name\n    slug\n  }\n}": typeof types.ArticleCard_ArticleFragmentDoc,
    "query BreakingTicker {\n  breakingNews {\n    id\n    title\n    article {\n      id\n    }\n  }\n}": typeof types.BreakingTickerDocument,
    "fragment PartnerCard_partner on Partner {\n  name\n  description\n  offer\n  cta\n  affiliateUrl\n  icon\n  badge\n}": typeof types.PartnerCard_PartnerFragmentDoc,
    "query SiteFooter {\n  categories {\n    id\n    name\n    slug\n    icon\n    description\n  }\n}": typeof types.SiteFooterDocument,
    "query ArticlePage($id: ID!) {\n  article(id: $id) {\n    ...ArticleCard_article\n    content\n    sourceUrl\n    updatedAt\n    category {\n      id\n      name\n      slug\n    }\n    related {\n      ...ArticleCard_article\n    }\n  }\n}": typeof types.ArticlePageDocument,
    "query CategoriesPage {\n  categories {\n    id\n    name\n    slug\n    icon\n    description\n    articleCount\n  }\n}": typeof types.CategoriesPageDocument,
    "query CategoryPage($slug: String!) {\n  category(slug: $slug) {\n    id\n    name\n    slug\n    description\n    icon\n    articles(first: 100) {\n      totalCount\n      nodes {\n        ...ArticleCard_article\n      }\n    }\n  }\n}": typeof types.CategoryPageDocument,
    "query ContactPage {\n  inquiryTypes {\n    value\n    label\n  }\n}\n\nmutation ContactPageSubmit($input: ContactMessageInput!) {\n  submitContactMessage(input: $input) {\n    id\n    reference\n    receivedAt\n  }\n}": typeof types.ContactPageDocument,
    "query DomainPage {\n  inquiryTypes {\n    value\n    label\n  }\n  articles(first: 1) {\n    totalCount\n    nodes {\n      id\n      publishedAt\n    }\n  }\n  categories {\n    id\n    name\n    slug\n    articleCount\n  }\n}": typeof types.DomainPageDocument,
    "query HomePage($category: String!, $filtered: Boolean!) {\n  articles(first: 20) {\n    nodes {\n      ...ArticleCard_article\n    }\n  }\n  filtered: category(slug: $category) @include(if: $filtered) {\n    id\n    name\n    articles(first: 6) {\n      totalCount\n      nodes {\n        ...ArticleCard_article\n      }\n    }\n  }\n  categories {\n    id\n    name\n    slug\n    icon\n  }\n  partners {\n    id\n    slug\n    placement\n    ...PartnerCard_partner\n  }\n}": typeof types.HomePageDocument,
    "query SearchPage($query: String!, $hasQuery: Boolean!, $first: Int, $after: String, $category: String) {\n  search(query: $query, first: $first, after: $after, category: $category) @include(if: $hasQuery) {\n    totalCount\n    capped\n    suggestion\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n    edges {\n      cursor\n      snippet\n      node {\n        ...ArticleCard_article\n      }\n    }\n  }\n  categories {\n    id\n    name\n    slug\n  }\n}": typeof types.SearchPageDocument,
};
const documents: Documents = {
    "fragment ArticleCard_article on Article {\n  id\n  title\n  excerpt\n  author\n  publishedAt\n  imageUrl\n  isBreaking\n  readingMinutes\n  category {\n    id\n    name\n    slug\n  }\n}": types.ArticleCard_ArticleFragmentDoc,
    "query BreakingTicker {\n  breakingNews {\n    id\n    title\n    article {\n      id\n    }\n  }\n}": types.BreakingTickerDocument,
    "fragment PartnerCard_partner on Partner {\n  name\n  description\n  offer\n  cta\n  affiliateUrl\n  icon\n  badge\n}": types.PartnerCard_PartnerFragmentDoc,
    "query SiteFooter {\n  categories {\n    id\n    name\n    slug\n    icon\n    description\n  }\n}": types.SiteFooterDocument,
    "query ArticlePage($id: ID!) {\n  article(id: $id) {\n    ...ArticleCard_article\n    content\n    sourceUrl\n    updatedAt\n    category {\n      id\n      name\n      slug\n    }\n    related {\n      ...ArticleCard_article\n    }\n  }\n}": types.ArticlePageDocument,
    "query CategoriesPage {\n  categories {\n    id\n    name\n    slug\n    icon\n    description\n    articleCount\n  }\n}": types.CategoriesPageDocument,
    "query CategoryPage($slug: String!) {\n  category(slug: $slug) {\n    id\n    name\n    slug\n    description\n    icon\n    articles(first: 100) {\n      totalCount\n      nodes {\n        ...ArticleCard_article\n      }\n    }\n  }\n}": types.CategoryPageDocument,
    "query ContactPage {\n  inquiryTypes {\n    value\n    label\n  }\n}\n\nmutation ContactPageSubmit($input: ContactMessageInput!) {\n  submitContactMessage(input: $input) {\n    id\n    reference\n    receivedAt\n  }\n}": types.ContactPageDocument,
    "query DomainPage {\n  inquiryTypes {\n    value\n    label\n  }\n  articles(first: 1) {\n    totalCount\n    nodes {\n      id\n      publishedAt\n    }\n  }\n  categories {\n    id\n    name\n    slug\n    articleCount\n  }\n}": types.DomainPageDocument,
    "query HomePage($category: String!, $filtered: Boolean!) {\n  articles(first: 20) {\n    nodes {\n      ...ArticleCard_article\n    }\n  }\n  filtered: category(slug: $category) @include(if: $filtered) {\n    id\n    name\n    articles(first: 6) {\n      totalCount\n      nodes {\n        ...ArticleCard_article\n      }\n    }\n  }\n  categories {\n    id\n    name\n    slug\n    icon\n  }\n  partners {\n    id\n    slug\n    placement\n    ...PartnerCard_partner\n  }\n}": types.HomePageDocument,
    "query SearchPage($query: String!, $hasQuery: Boolean!, $first: Int, $after: String, $category: String) {\n  search(query: $query, first: $first, after: $after, category: $category) @include(if: $hasQuery) {\n    totalCount\n    capped\n    suggestion\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n    edges {\n      cursor\n      snippet\n      node {\n        ...ArticleCard_article\n      }\n    }\n  }\n  categories {\n    id\n    name\n    slug\n  }\n}": types.SearchPageDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment ArticleCard_article on Article {\n  id\n  title\n  excerpt\n  author\n  publishedAt\n  imageUrl\n  isBreaking\n  readingMinutes\n  category {\n    id\n    name\n    slug\n  }\n}"): (typeof documents)["fragment ArticleCard_article on Article {\n  id\n  title\n  excerpt\n  author\n  publishedAt\n  imageUrl\n  isBreaking\n  readingMinutes\n  category {\n    id\n    name\n    slug\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query BreakingTicker {\n  breakingNews {\n    id\n    title\n    article {\n      id\n    }\n  }\n}"): (typeof documents)["query BreakingTicker {\n  breakingNews {\n    id\n    title\n    article {\n      id\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment PartnerCard_partner on Partner {\n  name\n  description\n  offer\n  cta\n  affiliateUrl\n  icon\n  badge\n}"): (typeof documents)["fragment PartnerCard_partner on Partner {\n  name\n  description\n  offer\n  cta\n  affiliateUrl\n  icon\n  badge\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query SiteFooter {\n  categories {\n    id\n    name\n    slug\n    icon\n    description\n  }\n}"): (typeof documents)["query SiteFooter {\n  categories {\n    id\n    name\n    slug\n    icon\n    description\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ArticlePage($id: ID!) {\n  article(id: $id) {\n    ...ArticleCard_article\n    content\n    sourceUrl\n    updatedAt\n    category {\n      id\n      name\n      slug\n    }\n    related {\n      ...ArticleCard_article\n    }\n  }\n}"): (typeof documents)["query ArticlePage($id: ID!) {\n  article(id: $id) {\n    ...ArticleCard_article\n    content\n    sourceUrl\n    updatedAt\n    category {\n      id\n      name\n      slug\n    }\n    related {\n      ...ArticleCard_article\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query CategoriesPage {\n  categories {\n    id\n    name\n    slug\n    icon\n    description\n    articleCount\n  }\n}"): (typeof documents)["query CategoriesPage {\n  categories {\n    id\n    name\n    slug\n    icon\n    description\n    articleCount\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query CategoryPage($slug: String!) {\n  category(slug: $slug) {\n    id\n    name\n    slug\n    description\n    icon\n    articles(first: 100) {\n      totalCount\n      nodes {\n        ...ArticleCard_article\n      }\n    }\n  }\n}"): (typeof documents)["query CategoryPage($slug: String!) {\n  category(slug: $slug) {\n    id\n    name\n    slug\n    description\n    icon\n    articles(first: 100) {\n      totalCount\n      nodes {\n        ...ArticleCard_article\n      }\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ContactPage {\n  inquiryTypes {\n    value\n    label\n  }\n}\n\nmutation ContactPageSubmit($input: ContactMessageInput!) {\n  submitContactMessage(input: $input) {\n    id\n    reference\n    receivedAt\n  }\n}"): (typeof documents)["query ContactPage {\n  inquiryTypes {\n    value\n    label\n  }\n}\n\nmutation ContactPageSubmit($input: ContactMessageInput!) {\n  submitContactMessage(input: $input) {\n    id\n    reference\n    receivedAt\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query DomainPage {\n  inquiryTypes {\n    value\n    label\n  }\n  articles(first: 1) {\n    totalCount\n    nodes {\n      id\n      publishedAt\n    }\n  }\n  categories {\n    id\n    name\n    slug\n    articleCount\n  }\n}"): (typeof documents)["query DomainPage {\n  inquiryTypes {\n    value\n    label\n  }\n  articles(first: 1) {\n    totalCount\n    nodes {\n      id\n      publishedAt\n    }\n  }\n  categories {\n    id\n    name\n    slug\n    articleCount\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query HomePage($category: String!, $filtered: Boolean!) {\n  articles(first: 20) {\n    nodes {\n      ...ArticleCard_article\n    }\n  }\n  filtered: category(slug: $category) @include(if: $filtered) {\n    id\n    name\n    articles(first: 6) {\n      totalCount\n      nodes {\n        ...ArticleCard_article\n      }\n    }\n  }\n  categories {\n    id\n    name\n    slug\n    icon\n  }\n  partners {\n    id\n    slug\n    placement\n    ...PartnerCard_partner\n  }\n}"): (typeof documents)["query HomePage($category: String!, $filtered: Boolean!) {\n  articles(first: 20) {\n    nodes {\n      ...ArticleCard_article\n    }\n  }\n  filtered: category(slug: $category) @include(if: $filtered) {\n    id\n    name\n    articles(first: 6) {\n      totalCount\n      nodes {\n        ...ArticleCard_article\n      }\n    }\n  }\n  categories {\n    id\n    name\n    slug\n    icon\n  }\n  partners {\n    id\n    slug\n    placement\n    ...PartnerCard_partner\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query SearchPage($query: String!, $hasQuery: Boolean!, $first: Int, $after: String, $category: String) {\n  search(query: $query, first: $first, after: $after, category: $category) @include(if: $hasQuery) {\n    totalCount\n    capped\n    suggestion\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n    edges {\n      cursor\n      snippet\n      node {\n        ...ArticleCard_article\n      }\n    }\n  }\n  categories {\n    id\n    name\n    slug\n  }\n}"): (typeof documents)["query SearchPage($query: String!, $hasQuery: Boolean!, $first: Int, $after: String, $category: String) {\n  search(query: $query, first: $first, after: $after, category: $category) @include(if: $hasQuery) {\n    totalCount\n    capped\n    suggestion\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n    edges {\n      cursor\n      snippet\n      node {\n        ...ArticleCard_article\n      }\n    }\n  }\n  categories {\n    id\n    name\n    slug\n  }\n}"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;