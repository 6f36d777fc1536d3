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
    "fragment ArticleCard_article on Article {\n  id\n  title\n  excerpt\n  author\n  authorSlug\n  publishedAt\n  imageUrl\n  isBreaking\n  readingMinutes\n  category {\n    id\n    name\n    slug\n  }\n}": typeof types.ArticleCard_ArticleFragmentDoc,
    "query BreakingTicker {\n  breakingNews {\n    id\n    title\n    article {\n      id\n    }\n  }\n}": typeof types.BreakingTickerDocument,
    "query MostReadPanel($period: MostReadPeriod!, $first: Int!) {\n  mostRead(period: $period, first: $first) {\n    id\n    title\n    category {\n      id\n      name\n    }\n  }\n}": typeof types.MostReadPanelDocument,
    "fragment PartnerCard_partner on Partner {\n  name\n  description\n  offer\n  cta\n  affiliateUrl\n  icon\n  badge\n}": typeof types.PartnerCard_PartnerFragmentDoc,
    "query SiteFooter {\n  categories {\n    id\n    name\n    slug\n    icon\n    description\n  }\n}": typeof types.SiteFooterDocument,
    "fragment ArticleCorrections_correction on Correction {\n  id\n  kind\n  text\n  createdAt\n}": typeof types.ArticleCorrections_CorrectionFragmentDoc,
    "query ArticlePage($id: ID!) {\n  article(id: $id) {\n    ...ArticleCard_article\n    content\n    sourceUrl\n    updatedAt\n    category {\n      id\n      name\n      slug\n    }\n    authorProfile {\n      slug\n      name\n      role\n      fediverseHandle\n    }\n    corrections {\n      ...ArticleCorrections_correction\n    }\n    related {\n      ...ArticleCard_article\n    }\n  }\n}": typeof types.ArticlePageDocument,
    "query AuthorPage($slug: String!, $after: String) {\n  author(slug: $slug) {\n    ...AuthorProfile_author\n    categories {\n      id\n      name\n      slug\n    }\n    articles(first: 12, after: $after) {\n      totalCount\n      nodes {\n        ...ArticleCard_article\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n}": typeof types.AuthorPageDocument,
    "fragment AuthorProfile_author on Author {\n  id\n  slug\n  name\n  role\n  bio\n  photoUrl\n  linkedinUrl\n  websiteUrl\n  fediverseHandle\n}": typeof types.AuthorProfile_AuthorFragmentDoc,
    "query AuthorsPage {\n  authors {\n    id\n    slug\n    name\n    role\n    photoUrl\n  }\n}": typeof types.AuthorsPageDocument,
    "query CategoriesPage {\n  categories {\n    id\n    name\n    slug\n    icon\n    description\n    articleCount\n  }\n}": typeof types.CategoriesPageDocument,
    "query CategoryPage($slug: String!) {\n  category(slug: $slug) {\n    id\n    name\n    slug\n    description\n    icon\n    articles(first: 100) {\n      totalCount\n      nodes {\n        ...ArticleCard_article\n      }\n    }\n  }\n}": typeof types.CategoryPageDocument,
    "query ContactPage {\n  inquiryTypes {\n    value\n    label\n  }\n}\n\nmutation ContactPageSubmit($input: ContactMessageInput!) {\n  submitContactMessage(input: $input) {\n    id\n    reference\n    receivedAt\n  }\n}": typeof types.ContactPageDocument,
    "query DomainPage {\n  inquiryTypes {\n    value\n    label\n  }\n  articles(first: 1) {\n    totalCount\n    nodes {\n      id\n      publishedAt\n    }\n  }\n  categories {\n    id\n    name\n    slug\n    articleCount\n  }\n}": typeof types.DomainPageDocument,
    "query CorrectionsPage($after: String) {\n  corrections(first: 20, after: $after) {\n    nodes {\n      id\n      articleId\n      articleTitle\n      kind\n      text\n      createdAt\n    }\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n  }\n}": typeof types.CorrectionsPageDocument,
    "query HomePage($category: String!, $filtered: Boolean!) {\n  articles(first: 20) {\n    nodes {\n      ...ArticleCard_article\n    }\n  }\n  filtered: category(slug: $category) @include(if: $filtered) {\n    id\n    name\n    articles(first: 6) {\n      totalCount\n      nodes {\n        ...ArticleCard_article\n      }\n    }\n  }\n  categories {\n    id\n    name\n    slug\n    icon\n  }\n  partners {\n    id\n    slug\n    placement\n    ...PartnerCard_partner\n  }\n}": typeof types.HomePageDocument,
    "query NewsletterPage {\n  categories {\n    id\n    name\n    slug\n  }\n}": typeof types.NewsletterPageDocument,
    "fragment ArticleEditor_article on EditorArticle {\n  id\n  title\n  excerpt\n  content\n  author\n  sourceUrl\n  isBreaking\n  publishedAt\n  updatedAt\n  imageUrl\n  readingMinutes\n  status\n  state\n  category {\n    id\n    name\n    slug\n  }\n}\n\nquery NewsroomArticles($state: ArticleState, $category: String, $after: String) {\n  editorArticles(state: $state, category: $category, first: 25, after: $after) {\n    nodes {\n      ...ArticleEditor_article\n    }\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n  }\n  categories {\n    id\n    name\n    slug\n  }\n}\n\nquery NewsroomRevisions($articleId: ID!) {\n  articleRevisions(articleId: $articleId, first: 10) {\n    nodes {\n      id\n      action\n      editor\n      createdAt\n      changes {\n        field\n        from\n        to\n      }\n    }\n  }\n}\n\nquery NewsroomTicker {\n  editorBreakingNews {\n    id\n    title\n    active\n    expiresAt\n    position\n    articleId\n  }\n}\n\nquery NewsroomPartners {\n  editorPartners {\n    id\n    name\n    placement\n    enabled\n    offer\n  }\n}\n\nmutation NewsroomCreateArticle($input: ArticleInput!) {\n  createArticle(input: $input) {\n    ...ArticleEditor_article\n  }\n}\n\nmutation NewsroomUpdateArticle($id: ID!, $input: ArticleInput!) {\n  updateArticle(id: $id, input: $input) {\n    ...ArticleEditor_article\n  }\n}\n\nmutation NewsroomUnpublishArticle($id: ID!) {\n  unpublishArticle(id: $id) {\n    ...ArticleEditor_article\n  }\n}\n\nmutation NewsroomCreateTickerItem($input: BreakingNewsInput!) {\n  createBreakingNews(input: $input) {\n    id\n  }\n}\n\nmutation NewsroomUpdateTickerItem($id: ID!, $input: BreakingNewsInput!) {\n  updateBreakingNews(id: $id, input: $input) {\n    id\n  }\n}\n\nmutation NewsroomDeleteTickerItem($id: ID!) {\n  deleteBreakingNews(id: $id)\n}\n\nmutation NewsroomUpdatePartner($id: ID!, $input: PartnerInput!) {\n  updatePartner(id: $id, input: $input) {\n    id\n    enabled\n  }\n}\n\nmutation NewsroomReorderTicker($ids: [ID!]!) {\n  reorderBreakingNews(ids: $ids) {\n    id\n  }\n}\n\nmutation NewsroomUploadCover($id: ID!, $imageBase64: String!) {\n  uploadArticleCover(id: $id, imageBase64: $imageBase64) {\n    ...ArticleEditor_article\n  }\n}\n\nmutation NewsroomRemoveCover($id: ID!) {\n  removeArticleCover(id: $id) {\n    ...ArticleEditor_article\n  }\n}": typeof types.ArticleEditor_ArticleFragmentDoc,
    "query SearchPage($query: String!, $hasQuery: Boolean!, $first: Int, $after: String, $category: String) {\n  search(query: $query, first: $first, after: $after, category: $category) @include(if: $hasQuery) {\n    totalCount\n    capped\n    suggestion\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n    edges {\n      cursor\n      snippet\n      node {\n        ...ArticleCard_article\n      }\n    }\n  }\n  categories {\n    id\n    name\n    slug\n  }\n}": typeof types.SearchPageDocument,
    "query MastheadPage {\n  authors {\n    id\n    slug\n    name\n    role\n  }\n}": typeof types.MastheadPageDocument,
};
const documents: Documents = {
    "fragment ArticleCard_article on Article {\n  id\n  title\n  excerpt\n  author\n  authorSlug\n  publishedAt\n  imageUrl\n  isBreaking\n  readingMinutes\n  category {\n    id\n    name\n    slug\n  }\n}": types.ArticleCard_ArticleFragmentDoc,
    "query BreakingTicker {\n  breakingNews {\n    id\n    title\n    article {\n      id\n    }\n  }\n}": types.BreakingTickerDocument,
    "query MostReadPanel($period: MostReadPeriod!, $first: Int!) {\n  mostRead(period: $period, first: $first) {\n    id\n    title\n    category {\n      id\n      name\n    }\n  }\n}": types.MostReadPanelDocument,
    "fragment PartnerCard_partner on Partner {\n  name\n  description\n  offer\n  cta\n  affiliateUrl\n  icon\n  badge\n}": types.PartnerCard_PartnerFragmentDoc,
    "query SiteFooter {\n  categories {\n    id\n    name\n    slug\n    icon\n    description\n  }\n}": types.SiteFooterDocument,
    "fragment ArticleCorrections_correction on Correction {\n  id\n  kind\n  text\n  createdAt\n}": types.ArticleCorrections_CorrectionFragmentDoc,
    "query ArticlePage($id: ID!) {\n  article(id: $id) {\n    ...ArticleCard_article\n    content\n    sourceUrl\n    updatedAt\n    category {\n      id\n      name\n      slug\n    }\n    authorProfile {\n      slug\n      name\n      role\n      fediverseHandle\n    }\n    corrections {\n      ...ArticleCorrections_correction\n    }\n    related {\n      ...ArticleCard_article\n    }\n  }\n}": types.ArticlePageDocument,
    "query AuthorPage($slug: String!, $after: String) {\n  author(slug: $slug) {\n    ...AuthorProfile_author\n    categories {\n      id\n      name\n      slug\n    }\n    articles(first: 12, after: $after) {\n      totalCount\n      nodes {\n        ...ArticleCard_article\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n}": types.AuthorPageDocument,
    "fragment AuthorProfile_author on Author {\n  id\n  slug\n  name\n  role\n  bio\n  photoUrl\n  linkedinUrl\n  websiteUrl\n  fediverseHandle\n}": types.AuthorProfile_AuthorFragmentDoc,
    "query AuthorsPage {\n  authors {\n    id\n    slug\n    name\n    role\n    photoUrl\n  }\n}": types.AuthorsPageDocument,
    "query CategoriesPage {\n  categories {\n    id\n    name\n    slug\n    icon\n    description\n    articleCount\n  }\n}": types.CategoriesPageDocument,
    "query CategoryPage($slug: String!) {\n  category(slug: $slug) {\n    id\n    name\n    slug\n    description\n    icon\n    articles(first: 100) {\n      totalCount\n      nodes {\n        ...ArticleCard_article\n      }\n    }\n  }\n}": types.CategoryPageDocument,
    "query ContactPage {\n  inquiryTypes {\n    value\n    label\n  }\n}\n\nmutation ContactPageSubmit($input: ContactMessageInput!) {\n  submitContactMessage(input: $input) {\n    id\n    reference\n    receivedAt\n  }\n}": types.ContactPageDocument,
    "query DomainPage {\n  inquiryTypes {\n    value\n    label\n  }\n  articles(first: 1) {\n    totalCount\n    nodes {\n      id\n      publishedAt\n    }\n  }\n  categories {\n    id\n    name\n    slug\n    articleCount\n  }\n}": types.DomainPageDocument,
    "query CorrectionsPage($after: String) {\n  corrections(first: 20, after: $after) {\n    nodes {\n      id\n      articleId\n      articleTitle\n      kind\n      text\n      createdAt\n    }\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n  }\n}": types.CorrectionsPageDocument,
    "query HomePage($category: String!, $filtered: Boolean!) {\n  articles(first: 20) {\n    nodes {\n      ...ArticleCard_article\n    }\n  }\n  filtered: category(slug: $category) @include(if: $filtered) {\n    id\n    name\n    articles(first: 6) {\n      totalCount\n      nodes {\n        ...ArticleCard_article\n      }\n    }\n  }\n  categories {\n    id\n    name\n    slug\n    icon\n  }\n  partners {\n    id\n    slug\n    placement\n    ...PartnerCard_partner\n  }\n}": types.HomePageDocument,
    "query NewsletterPage {\n  categories {\n    id\n    name\n    slug\n  }\n}": types.NewsletterPageDocument,
    "fragment ArticleEditor_article on EditorArticle {\n  id\n  title\n  excerpt\n  content\n  author\n  sourceUrl\n  isBreaking\n  publishedAt\n  updatedAt\n  imageUrl\n  readingMinutes\n  status\n  state\n  category {\n    id\n    name\n    slug\n  }\n}\n\nquery NewsroomArticles($state: ArticleState, $category: String, $after: String) {\n  editorArticles(state: $state, category: $category, first: 25, after: $after) {\n    nodes {\n      ...ArticleEditor_article\n    }\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n  }\n  categories {\n    id\n    name\n    slug\n  }\n}\n\nquery NewsroomRevisions($articleId: ID!) {\n  articleRevisions(articleId: $articleId, first: 10) {\n    nodes {\n      id\n      action\n      editor\n      createdAt\n      changes {\n        field\n        from\n        to\n      }\n    }\n  }\n}\n\nquery NewsroomTicker {\n  editorBreakingNews {\n    id\n    title\n    active\n    expiresAt\n    position\n    articleId\n  }\n}\n\nquery NewsroomPartners {\n  editorPartners {\n    id\n    name\n    placement\n    enabled\n    offer\n  }\n}\n\nmutation NewsroomCreateArticle($input: ArticleInput!) {\n  createArticle(input: $input) {\n    ...ArticleEditor_article\n  }\n}\n\nmutation NewsroomUpdateArticle($id: ID!, $input: ArticleInput!) {\n  updateArticle(id: $id, input: $input) {\n    ...ArticleEditor_article\n  }\n}\n\nmutation NewsroomUnpublishArticle($id: ID!) {\n  unpublishArticle(id: $id) {\n    ...ArticleEditor_article\n  }\n}\n\nmutation NewsroomCreateTickerItem($input: BreakingNewsInput!) {\n  createBreakingNews(input: $input) {\n    id\n  }\n}\n\nmutation NewsroomUpdateTickerItem($id: ID!, $input: BreakingNewsInput!) {\n  updateBreakingNews(id: $id, input: $input) {\n    id\n  }\n}\n\nmutation NewsroomDeleteTickerItem($id: ID!) {\n  deleteBreakingNews(id: $id)\n}\n\nmutation NewsroomUpdatePartner($id: ID!, $input: PartnerInput!) {\n  updatePartner(id: $id, input: $input) {\n    id\n    enabled\n  }\n}\n\nmutation NewsroomReorderTicker($ids: [ID!]!) {\n  reorderBreakingNews(ids: $ids) {\n    id\n  }\n}\n\nmutation NewsroomUploadCover($id: ID!, $imageBase64: String!) {\n  uploadArticleCover(id: $id, imageBase64: $imageBase64) {\n    ...ArticleEditor_article\n  }\n}\n\nmutation NewsroomRemoveCover($id: ID!) {\n  removeArticleCover(id: $id) {\n    ...ArticleEditor_article\n  }\n}": types.ArticleEditor_ArticleFragmentDoc,
    "query SearchPage($query: String!, $hasQuery: Boolean!, $first: Int, $after: String, $category: String) {\n  search(query: $query, first: $first, after: $after, category: $category) @include(if: $hasQuery) {\n    totalCount\n    capped\n    suggestion\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n    edges {\n      cursor\n      snippet\n      node {\n        ...ArticleCard_article\n      }\n    }\n  }\n  categories {\n    id\n    name\n    slug\n  }\n}": types.SearchPageDocument,
    "query MastheadPage {\n  authors {\n    id\n    slug\n    name\n    role\n  }\n}": types.MastheadPageDocument,
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
export function graphql(source: "fragment ArticleCard_article on Article {\n  id\n  title\n  excerpt\n  author\n  authorSlug\n  publishedAt\n  imageUrl\n  isBreaking\n  readingMinutes\n  category {\n    id\n    name\n    slug\n  }\n}"): (typeof documents)["fragment ArticleCard_article on Article {\n  id\n  title\n  excerpt\n  author\n  authorSlug\n  publishedAt\n  imageUrl\n  isBreaking\n  readingMinutes\n  category {\n    id\n    name\n    slug\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query BreakingTicker {\n  breakingNews {\n    id\n    title\n    article {\n      id\n    }\n  }\n}"): (typeof documents)["query BreakingTicker {\n  breakingNews {\n    id\n    title\n    article {\n      id\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query MostReadPanel($period: MostReadPeriod!, $first: Int!) {\n  mostRead(period: $period, first: $first) {\n    id\n    title\n    category {\n      id\n      name\n    }\n  }\n}"): (typeof documents)["query MostReadPanel($period: MostReadPeriod!, $first: Int!) {\n  mostRead(period: $period, first: $first) {\n    id\n    title\n    category {\n      id\n      name\n    }\n  }\n}"];
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
export function graphql(source: "fragment ArticleCorrections_correction on Correction {\n  id\n  kind\n  text\n  createdAt\n}"): (typeof documents)["fragment ArticleCorrections_correction on Correction {\n  id\n  kind\n  text\n  createdAt\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ArticlePage($id: ID!) {\n  article(id: $id) {\n    ...ArticleCard_article\n    content\n    sourceUrl\n    updatedAt\n    category {\n      id\n      name\n      slug\n    }\n    authorProfile {\n      slug\n      name\n      role\n      fediverseHandle\n    }\n    corrections {\n      ...ArticleCorrections_correction\n    }\n    related {\n      ...ArticleCard_article\n    }\n  }\n}"): (typeof documents)["query ArticlePage($id: ID!) {\n  article(id: $id) {\n    ...ArticleCard_article\n    content\n    sourceUrl\n    updatedAt\n    category {\n      id\n      name\n      slug\n    }\n    authorProfile {\n      slug\n      name\n      role\n      fediverseHandle\n    }\n    corrections {\n      ...ArticleCorrections_correction\n    }\n    related {\n      ...ArticleCard_article\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query AuthorPage($slug: String!, $after: String) {\n  author(slug: $slug) {\n    ...AuthorProfile_author\n    categories {\n      id\n      name\n      slug\n    }\n    articles(first: 12, after: $after) {\n      totalCount\n      nodes {\n        ...ArticleCard_article\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n}"): (typeof documents)["query AuthorPage($slug: String!, $after: String) {\n  author(slug: $slug) {\n    ...AuthorProfile_author\n    categories {\n      id\n      name\n      slug\n    }\n    articles(first: 12, after: $after) {\n      totalCount\n      nodes {\n        ...ArticleCard_article\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment AuthorProfile_author on Author {\n  id\n  slug\n  name\n  role\n  bio\n  photoUrl\n  linkedinUrl\n  websiteUrl\n  fediverseHandle\n}"): (typeof documents)["fragment AuthorProfile_author on Author {\n  id\n  slug\n  name\n  role\n  bio\n  photoUrl\n  linkedinUrl\n  websiteUrl\n  fediverseHandle\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query AuthorsPage {\n  authors {\n    id\n    slug\n    name\n    role\n    photoUrl\n  }\n}"): (typeof documents)["query AuthorsPage {\n  authors {\n    id\n    slug\n    name\n    role\n    photoUrl\n  }\n}"];
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
export function graphql(source: "query CorrectionsPage($after: String) {\n  corrections(first: 20, after: $after) {\n    nodes {\n      id\n      articleId\n      articleTitle\n      kind\n      text\n      createdAt\n    }\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n  }\n}"): (typeof documents)["query CorrectionsPage($after: String) {\n  corrections(first: 20, after: $after) {\n    nodes {\n      id\n      articleId\n      articleTitle\n      kind\n      text\n      createdAt\n    }\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query HomePage($category: String!, $filtered: Boolean!) {\n  articles(first: 20) {\n    nodes {\n      ...ArticleCard_article\n    }\n  }\n  filtered: category(slug: $category) @include(if: $filtered) {\n    id\n    name\n    articles(first: 6) {\n      totalCount\n      nodes {\n        ...ArticleCard_article\n      }\n    }\n  }\n  categories {\n    id\n    name\n    slug\n    icon\n  }\n  partners {\n    id\n    slug\n    placement\n    ...PartnerCard_partner\n  }\n}"): (typeof documents)["query HomePage($category: String!, $filtered: Boolean!) {\n  articles(first: 20) {\n    nodes {\n      ...ArticleCard_article\n    }\n  }\n  filtered: category(slug: $category) @include(if: $filtered) {\n    id\n    name\n    articles(first: 6) {\n      totalCount\n      nodes {\n        ...ArticleCard_article\n      }\n    }\n  }\n  categories {\n    id\n    name\n    slug\n    icon\n  }\n  partners {\n    id\n    slug\n    placement\n    ...PartnerCard_partner\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query NewsletterPage {\n  categories {\n    id\n    name\n    slug\n  }\n}"): (typeof documents)["query NewsletterPage {\n  categories {\n    id\n    name\n    slug\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment ArticleEditor_article on EditorArticle {\n  id\n  title\n  excerpt\n  content\n  author\n  sourceUrl\n  isBreaking\n  publishedAt\n  updatedAt\n  imageUrl\n  readingMinutes\n  status\n  state\n  category {\n    id\n    name\n    slug\n  }\n}\n\nquery NewsroomArticles($state: ArticleState, $category: String, $after: String) {\n  editorArticles(state: $state, category: $category, first: 25, after: $after) {\n    nodes {\n      ...ArticleEditor_article\n    }\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n  }\n  categories {\n    id\n    name\n    slug\n  }\n}\n\nquery NewsroomRevisions($articleId: ID!) {\n  articleRevisions(articleId: $articleId, first: 10) {\n    nodes {\n      id\n      action\n      editor\n      createdAt\n      changes {\n        field\n        from\n        to\n      }\n    }\n  }\n}\n\nquery NewsroomTicker {\n  editorBreakingNews {\n    id\n    title\n    active\n    expiresAt\n    position\n    articleId\n  }\n}\n\nquery NewsroomPartners {\n  editorPartners {\n    id\n    name\n    placement\n    enabled\n    offer\n  }\n}\n\nmutation NewsroomCreateArticle($input: ArticleInput!) {\n  createArticle(input: $input) {\n    ...ArticleEditor_article\n  }\n}\n\nmutation NewsroomUpdateArticle($id: ID!, $input: ArticleInput!) {\n  updateArticle(id: $id, input: $input) {\n    ...ArticleEditor_article\n  }\n}\n\nmutation NewsroomUnpublishArticle($id: ID!) {\n  unpublishArticle(id: $id) {\n    ...ArticleEditor_article\n  }\n}\n\nmutation NewsroomCreateTickerItem($input: BreakingNewsInput!) {\n  createBreakingNews(input: $input) {\n    id\n  }\n}\n\nmutation NewsroomUpdateTickerItem($id: ID!, $input: BreakingNewsInput!) {\n  updateBreakingNews(id: $id, input: $input) {\n    id\n  }\n}\n\nmutation NewsroomDeleteTickerItem($id: ID!) {\n  deleteBreakingNews(id: $id)\n}\n\nmutation NewsroomUpdatePartner($id: ID!, $input: PartnerInput!) {\n  updatePartner(id: $id, input: $input) {\n    id\n    enabled\n  }\n}\n\nmutation NewsroomReorderTicker($ids: [ID!]!) {\n  reorderBreakingNews(ids: $ids) {\n    id\n  }\n}\n\nmutation NewsroomUploadCover($id: ID!, $imageBase64: String!) {\n  uploadArticleCover(id: $id, imageBase64: $imageBase64) {\n    ...ArticleEditor_article\n  }\n}\n\nmutation NewsroomRemoveCover($id: ID!) {\n  removeArticleCover(id: $id) {\n    ...ArticleEditor_article\n  }\n}"): (typeof documents)["fragment ArticleEditor_article on EditorArticle {\n  id\n  title\n  excerpt\n  content\n  author\n  sourceUrl\n  isBreaking\n  publishedAt\n  updatedAt\n  imageUrl\n  readingMinutes\n  status\n  state\n  category {\n    id\n    name\n    slug\n  }\n}\n\nquery NewsroomArticles($state: ArticleState, $category: String, $after: String) {\n  editorArticles(state: $state, category: $category, first: 25, after: $after) {\n    nodes {\n      ...ArticleEditor_article\n    }\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n  }\n  categories {\n    id\n    name\n    slug\n  }\n}\n\nquery NewsroomRevisions($articleId: ID!) {\n  articleRevisions(articleId: $articleId, first: 10) {\n    nodes {\n      id\n      action\n      editor\n      createdAt\n      changes {\n        field\n        from\n        to\n      }\n    }\n  }\n}\n\nquery NewsroomTicker {\n  editorBreakingNews {\n    id\n    title\n    active\n    expiresAt\n    position\n    articleId\n  }\n}\n\nquery NewsroomPartners {\n  editorPartners {\n    id\n    name\n    placement\n    enabled\n    offer\n  }\n}\n\nmutation NewsroomCreateArticle($input: ArticleInput!) {\n  createArticle(input: $input) {\n    ...ArticleEditor_article\n  }\n}\n\nmutation NewsroomUpdateArticle($id: ID!, $input: ArticleInput!) {\n  updateArticle(id: $id, input: $input) {\n    ...ArticleEditor_article\n  }\n}\n\nmutation NewsroomUnpublishArticle($id: ID!) {\n  unpublishArticle(id: $id) {\n    ...ArticleEditor_article\n  }\n}\n\nmutation NewsroomCreateTickerItem($input: BreakingNewsInput!) {\n  createBreakingNews(input: $input) {\n    id\n  }\n}\n\nmutation NewsroomUpdateTickerItem($id: ID!, $input: BreakingNewsInput!) {\n  updateBreakingNews(id: $id, input: $input) {\n    id\n  }\n}\n\nmutation NewsroomDeleteTickerItem($id: ID!) {\n  deleteBreakingNews(id: $id)\n}\n\nmutation NewsroomUpdatePartner($id: ID!, $input: PartnerInput!) {\n  updatePartner(id: $id, input: $input) {\n    id\n    enabled\n  }\n}\n\nmutation NewsroomReorderTicker($ids: [ID!]!) {\n  reorderBreakingNews(ids: $ids) {\n    id\n  }\n}\n\nmutation NewsroomUploadCover($id: ID!, $imageBase64: String!) {\n  uploadArticleCover(id: $id, imageBase64: $imageBase64) {\n    ...ArticleEditor_article\n  }\n}\n\nmutation NewsroomRemoveCover($id: ID!) {\n  removeArticleCover(id: $id) {\n    ...ArticleEditor_article\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query SearchPage($query: String!, $hasQuery: Boolean!, $first: Int, $after: String, $category: String) {\n  search(query: $query, first: $first, after: $after, category: $category) @include(if: $hasQuery) {\n    totalCount\n    capped\n    suggestion\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n    edges {\n      cursor\n      snippet\n      node {\n        ...ArticleCard_article\n      }\n    }\n  }\n  categories {\n    id\n    name\n    slug\n  }\n}"): (typeof documents)["query SearchPage($query: String!, $hasQuery: Boolean!, $first: Int, $after: String, $category: String) {\n  search(query: $query, first: $first, after: $after, category: $category) @include(if: $hasQuery) {\n    totalCount\n    capped\n    suggestion\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n    edges {\n      cursor\n      snippet\n      node {\n        ...ArticleCard_article\n      }\n    }\n  }\n  categories {\n    id\n    name\n    slug\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query MastheadPage {\n  authors {\n    id\n    slug\n    name\n    role\n  }\n}"): (typeof documents)["query MastheadPage {\n  authors {\n    id\n    slug\n    name\n    role\n  }\n}"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;