import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../runtime/request-context.js';
import { MAX_API_KEY_NAME_LENGTH } from './api-key.service.js';
import { ApiKeyType, CreatedApiKeyType } from './api-key.types.js';

const ADMIN_ONLY = 'Admin role: send Authorization: Bearer <ADMIN_TOKEN or an admin editor token>.';

/** Partners' API keys, as `npm run keys:create` and `keys:revoke` manage them. */
@Resolver()
export class ApiKeyResolver {
  @Query(() => [ApiKeyType], { description: `Every partner API key, active first, with its daily usage; never the keys themselves. ${ADMIN_ONLY}` })
  async apiKeys(@Ctx() ctx: RequestContext) {
    await ctx.services.editors.require(ctx.viewer, 'apiKeys');
    return ctx.services.apiKeys.listKeys();
  }

  @Mutation(() => CreatedApiKeyType, { description: `Creates a named partner API key and shows it once. ${ADMIN_ONLY}` })
  async createApiKey(
    @Arg('name', () => String, { description: `The partner, as the owner's list names it; at most ${MAX_API_KEY_NAME_LENGTH} characters.` }) name: string,
    @Arg('limitPerMinute', () => Int, { nullable: true, description: 'Requests a minute with this key; leave it out for the partner default (API_KEY_RATE_LIMIT).' })
    limitPerMinute: number | null | undefined,
    @Ctx() ctx: RequestContext,
  ) {
    await ctx.services.editors.require(ctx.viewer, 'apiKeys');
    return ctx.services.apiKeys.createKey({ name, limitPerMinute });
  }

  @Mutation(() => ApiKeyType, { description: `Revokes the active key of this name: requests with it answer 401 from now on. ${ADMIN_ONLY}` })
  async revokeApiKey(@Arg('name', () => String) name: string, @Ctx() ctx: RequestContext) {
    await ctx.services.editors.require(ctx.viewer, 'apiKeys');
    return ctx.services.apiKeys.revokeKey(name);
  }
}
