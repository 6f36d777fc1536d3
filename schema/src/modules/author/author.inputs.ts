import { Field, InputType } from 'type-graphql';
import { AUTHOR_LIMITS } from './author.validation.js';

@InputType('AuthorInput', { description: 'An author profile: required fields on create, any of them on update.' })
export class AuthorInput {
  @Field(() => String, { nullable: true, description: `Required on create; at most ${AUTHOR_LIMITS.name} characters, plain text. Bylines carry it.` })
  name?: string | null;

  @Field(() => String, { nullable: true, description: 'Lower-case words joined by hyphens; on create, made from the name when absent.' })
  slug?: string | null;

  @Field(() => String, { nullable: true, description: `Required on create; at most ${AUTHOR_LIMITS.role} characters, plain text.` })
  role?: string | null;

  @Field(() => String, { nullable: true, description: `Required on create; at most ${AUTHOR_LIMITS.bio} characters, plain text (no HTML).` })
  bio?: string | null;

  @Field(() => String, { nullable: true, description: 'A /media/ path or an https:// address; empty: drawn initials.' })
  photoUrl?: string | null;

  @Field(() => [String], { nullable: true, description: 'Slugs of the categories they cover.' })
  categorySlugs?: string[] | null;

  @Field(() => String, { nullable: true, description: 'https:// only; empty removes it.' })
  linkedinUrl?: string | null;

  @Field(() => String, { nullable: true, description: 'https:// only; empty removes it.' })
  websiteUrl?: string | null;

  @Field(() => String, { nullable: true, description: '"@name@server.example"; empty removes it.' })
  fediverseHandle?: string | null;
}
