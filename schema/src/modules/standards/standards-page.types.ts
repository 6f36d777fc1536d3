import { Directive, Field, GraphQLISODateTime, ObjectType } from 'type-graphql';
import { PUBLIC_CACHE_HINT } from '../../lib/cache-hints.js';
import { STANDARDS_PAGE_SLUGS } from './standards-pages.js';

@Directive(PUBLIC_CACHE_HINT)
@ObjectType('StandardsPageText', { description: "The owner's text of a standards page, as saved in the newsroom." })
export class StandardsPageTextType {
  @Field(() => String, { description: `The page's path without its slash: ${STANDARDS_PAGE_SLUGS.join(', ')}.` })
  slug!: string;

  @Field(() => String, {
    description: 'Markdown; {siteName}, {domain} and {email} stand for the site settings. Render it without raw HTML, linking only http(s), mailto and relative addresses.',
  })
  markdown!: string;

  @Field(() => GraphQLISODateTime)
  updatedAt!: Date;
}
