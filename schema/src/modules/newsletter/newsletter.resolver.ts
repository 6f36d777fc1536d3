import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../runtime/request-context.js';
import { ArticleType } from '../article/article.types.js';
import type { MostReadPeriod } from '../analytics/most-read.service.js';
import { parseIdempotencyKey } from '../contact/contact.service.js';
import { NewsletterPreferencesInput, NewsletterSubscriptionInput } from './newsletter.inputs.js';
import { MostReadPeriodType, NewsletterAnswerType, NewsletterPreferencesType } from './newsletter.types.js';

/** Plain objects without nulls, as REST sends them: the same rules for both APIs. */
const plain = (input: object) => Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null && value !== undefined));

@Resolver()
export class NewsletterResolver {
  @Mutation(() => NewsletterAnswerType, { description: 'Asks for the newsletter; a confirmation e-mail follows. The answer never says whether the address was known.' })
  subscribeToNewsletter(@Arg('input', () => NewsletterSubscriptionInput) input: NewsletterSubscriptionInput, @Ctx() ctx: RequestContext) {
    const { idempotencyKey, ...fields } = input;
    const key = idempotencyKey != null ? parseIdempotencyKey(idempotencyKey, 'idempotencyKey') : parseIdempotencyKey(ctx.idempotencyKey);
    return ctx.services.newsletter.subscribe(plain(fields), { clientKey: ctx.viewer.clientKey, idempotencyKey: key });
  }

  @Mutation(() => NewsletterAnswerType, { description: 'Confirms a subscription with the token of its confirmation link (single use, 48 hours).' })
  async confirmNewsletterSubscription(@Arg('token', () => String) token: string, @Ctx() ctx: RequestContext) {
    const { message } = await ctx.services.newsletter.confirm(token);
    return { message };
  }

  @Mutation(() => NewsletterAnswerType, { description: 'Unsubscribes at once with the token of a newsletter link.' })
  unsubscribeFromNewsletter(@Arg('token', () => String) token: string, @Ctx() ctx: RequestContext) {
    return ctx.services.newsletter.unsubscribe(token);
  }

  @Query(() => NewsletterPreferencesType, { description: "A subscriber's categories and frequency, by the token of a newsletter link." })
  newsletterPreferences(@Arg('token', () => String) token: string, @Ctx() ctx: RequestContext) {
    return ctx.services.newsletter.preferences(token);
  }

  @Mutation(() => NewsletterPreferencesType)
  updateNewsletterPreferences(@Arg('token', () => String) token: string, @Arg('input', () => NewsletterPreferencesInput) input: NewsletterPreferencesInput, @Ctx() ctx: RequestContext) {
    return ctx.services.newsletter.updatePreferences(token, plain(input));
  }

  @Query(() => [ArticleType], { description: 'The articles readers opened most in the period, from the site’s own page-view counts.' })
  mostRead(
    @Arg('period', () => MostReadPeriodType, { defaultValue: 'day' }) period: MostReadPeriod,
    @Arg('first', () => Int, { defaultValue: 5 }) first: number,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.mostRead.mostRead(period, first);
  }
}
