import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../runtime/request-context.js';
import { StandardsPageTextType } from './standards-page.types.js';
import { STANDARDS_PAGE_SLUGS } from './standards-pages.js';

@Resolver()
export class StandardsPageResolver {
  @Query(() => StandardsPageTextType, {
    nullable: true,
    description: `The owner's text of a standards page (${STANDARDS_PAGE_SLUGS.join(', ')}); null when the page shows the text kept with the site's code. An unknown slug answers BAD_USER_INPUT.`,
  })
  standardsPageText(@Arg('slug', () => String) slug: string, @Ctx() ctx: RequestContext) {
    return ctx.services.standardsPages.find(slug);
  }
}
