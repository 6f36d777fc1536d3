import { Field, GraphQLISODateTime, ID, InputType, ObjectType, registerEnumType } from 'type-graphql';
import { enumOf } from '../../lib/graphql-enum.js';
import { PageInfoType } from '../../lib/pagination.js';
import { ARTICLE_STATES, type ArticleStateValue, type RevisionView } from './article-editing.service.js';
import { REVISION_ACTIONS, type RevisionActionValue } from './article-revision.entity.js';
import { ARTICLE_STATUSES, type ArticleStatusValue } from './article-status.js';
import type { ArticleKindValue } from './article-kinds.js';
import { ArticleKind, ArticleType } from './article.types.js';
import { ARTICLE_LIMITS } from './article.validation.js';

/** DRAFT = 'draft', PUBLISHED = 'published'. */
export const ArticleStatus = enumOf(ARTICLE_STATUSES);
registerEnumType(ArticleStatus, {
  name: 'ArticleStatus',
  description: 'PUBLISHED articles are shown to readers from their publishedAt on; DRAFT ones never.',
});

/** DRAFT, SCHEDULED, LIVE: derived from the status and publishedAt. */
export const ArticleState = enumOf(ARTICLE_STATES);
registerEnumType(ArticleState, {
  name: 'ArticleState',
  description: 'Where an article stands for readers.',
  valuesConfig: {
    DRAFT: { description: 'Never shown to readers.' },
    SCHEDULED: { description: 'Published with a publishedAt still to come: appears by itself then.' },
    LIVE: { description: 'Shown to readers.' },
  },
});

export const RevisionAction = enumOf(REVISION_ACTIONS);
registerEnumType(RevisionAction, { name: 'RevisionAction', description: 'What a revision did to its article.' });

@ObjectType('EditorArticle', { description: 'An article as editors see it: drafts and scheduled articles too.' })
export class EditorArticleType extends ArticleType {
  @Field(() => ArticleStatus)
  status!: ArticleStatusValue;

  @Field(() => ArticleState)
  state!: ArticleStateValue;

  @Field(() => GraphQLISODateTime)
  createdAt!: Date;
}

@ObjectType('EditorArticleConnection', { description: 'A page of articles for editors, newest publishedAt first.' })
export class EditorArticleConnectionType {
  @Field(() => [EditorArticleType])
  nodes!: EditorArticleType[];

  @Field(() => PageInfoType)
  pageInfo!: PageInfoType;
}

@ObjectType('ArticleFieldChange', { description: 'One field a revision changed, with its values as text (null: none).' })
export class ArticleFieldChangeType {
  @Field(() => String)
  field!: string;

  @Field(() => String, { nullable: true })
  from!: string | null;

  @Field(() => String, { nullable: true })
  to!: string | null;
}

@ObjectType('ArticleRevision', { description: 'A change to an article: who, when and what.' })
export class ArticleRevisionType {
  @Field(() => ID)
  id!: number;

  @Field(() => ID)
  articleId!: number;

  @Field(() => String, { description: "The editor token's name, or owner for ADMIN_TOKEN." })
  editor!: string;

  @Field(() => RevisionAction)
  action!: RevisionActionValue;

  @Field(() => [ArticleFieldChangeType])
  changes!: ArticleFieldChangeType[];

  @Field(() => GraphQLISODateTime)
  createdAt!: Date;
}

@ObjectType('ArticleRevisionConnection', { description: "An article's revisions, newest first." })
export class ArticleRevisionConnectionType {
  @Field(() => [ArticleRevisionType])
  nodes!: ArticleRevisionType[];

  @Field(() => PageInfoType)
  pageInfo!: PageInfoType;
}

/** A revision's JSON values as text: strings as they are, others (true, 42) in JSON. */
function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function toRevisionType(view: RevisionView): ArticleRevisionType {
  return {
    ...view,
    changes: Object.entries(view.changes).map(([field, change]) => ({ field, from: asText(change.from), to: asText(change.to) })),
  };
}

/**
 * Shape only, for create and update alike: the rules (required fields on create, lengths, URL
 * schemes, a known category) live in article.validation.ts for both APIs, which names every
 * offending field at once.
 */
@InputType('ArticleInput')
export class ArticleInput {
  @Field(() => String, { nullable: true, description: `Required on create; at most ${ARTICLE_LIMITS.title} characters, one line.` })
  title?: string | null;

  @Field(() => String, { nullable: true, description: `Required on create; at most ${ARTICLE_LIMITS.excerpt} characters.` })
  excerpt?: string | null;

  @Field(() => String, { nullable: true, description: `Required on create; plain text, at most ${ARTICLE_LIMITS.content} characters.` })
  content?: string | null;

  @Field(() => String, { nullable: true, description: 'Required on create: the slug of an existing category.' })
  category?: string | null;

  @Field(() => String, { nullable: true, description: `Required on create; at most ${ARTICLE_LIMITS.author} characters.` })
  author?: string | null;

  @Field(() => String, { nullable: true, description: 'An http:// or https:// address; null or empty removes it.' })
  sourceUrl?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Default false.' })
  isBreaking?: boolean | null;

  @Field(() => GraphQLISODateTime, {
    nullable: true,
    description: 'Absent on create, or null: now. In the future: scheduled, the article appears by itself at that time.',
  })
  publishedAt?: Date | null;

  @Field(() => ArticleStatus, { nullable: true, description: 'Default PUBLISHED on create.' })
  status?: ArticleStatusValue | null;

  @Field(() => ArticleKind, { nullable: true, description: 'Default NEWS on create.' })
  kind?: ArticleKindValue | null;

  @Field(() => String, { nullable: true, description: `Required for SPONSORED: the partner's name, at most ${ARTICLE_LIMITS.sponsorName} characters.` })
  sponsorName?: string | null;
}
