import { Directive, Field, GraphQLISODateTime, ID, InputType, ObjectType, registerEnumType } from 'type-graphql';
import { PUBLIC_CACHE_HINT } from '../../lib/cache-hints.js';
import { enumOf } from '../../lib/graphql-enum.js';
import { PageInfoType } from '../../lib/pagination.js';
import { CORRECTION_KINDS, type CorrectionKindValue } from './correction-kinds.js';
import { MAX_CORRECTION_LENGTH } from './correction.validation.js';

export const CorrectionKind = enumOf(CORRECTION_KINDS);
registerEnumType(CorrectionKind, {
  name: 'CorrectionKind',
  description: 'A correction fixes a mistake; a clarification adds what a reader needed to read it right.',
});

@Directive(PUBLIC_CACHE_HINT)
@ObjectType('Correction', { description: 'A correction or clarification of a published article, kept for good.' })
export class CorrectionType {
  @Field(() => ID)
  id!: number;

  @Field(() => ID)
  articleId!: number;

  @Field(() => CorrectionKind)
  kind!: CorrectionKindValue;

  @Field(() => String, { description: 'Plain text.' })
  text!: string;

  @Field(() => GraphQLISODateTime)
  createdAt!: Date;

  @Field(() => String, { nullable: true, description: 'The article headline (in lists of corrections).' })
  articleTitle?: string | null;
}

@Directive(PUBLIC_CACHE_HINT)
@ObjectType('CorrectionConnection', { description: 'Corrections, newest first.' })
export class CorrectionConnectionType {
  @Field(() => [CorrectionType])
  nodes!: CorrectionType[];

  @Field(() => PageInfoType)
  pageInfo!: PageInfoType;
}

@InputType('CorrectionInput')
export class CorrectionInput {
  @Field(() => CorrectionKind, { nullable: true, description: 'Default CORRECTION.' })
  kind?: CorrectionKindValue | null;

  @Field(() => String, { description: `Plain text (no HTML), at most ${MAX_CORRECTION_LENGTH} characters.` })
  text!: string;
}
