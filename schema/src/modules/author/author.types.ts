import { Directive, Field, GraphQLISODateTime, ID, ObjectType } from 'type-graphql';
import { PUBLIC_CACHE_HINT } from '../../lib/cache-hints.js';

@Directive(PUBLIC_CACHE_HINT)
@ObjectType('Author', { description: 'A person who writes for the site; their page is /authors/{slug}.' })
export class AuthorType {
  @Field(() => ID)
  id!: number;

  @Field(() => String)
  slug!: string;

  @Field(() => String, { description: 'As bylines carry it.' })
  name!: string;

  @Field(() => String, { description: 'E.g. "Senior Reporter, Security".' })
  role!: string;

  @Field(() => String, { description: 'Plain text.' })
  bio!: string;

  @Field(() => String, { nullable: true, description: 'Site-relative or https picture; null: the site draws initials.' })
  photoUrl!: string | null;

  @Field(() => String, { nullable: true, description: 'https only.' })
  linkedinUrl!: string | null;

  @Field(() => String, { nullable: true, description: 'https only.' })
  websiteUrl!: string | null;

  @Field(() => String, { nullable: true, description: 'A fediverse account, "@name@server.example".' })
  fediverseHandle!: string | null;

  @Field(() => GraphQLISODateTime)
  updatedAt!: Date;
}
