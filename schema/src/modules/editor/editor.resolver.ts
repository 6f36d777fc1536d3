import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../runtime/request-context.js';
import { CreatedEditorTokenType, EditorTokenInput, EditorTokenType } from './editor.types.js';

const ADMIN_ONLY = 'Admin role: send Authorization: Bearer <ADMIN_TOKEN or an admin editor token>.';

/** Editor tokens, as `npm run tokens:create` and `tokens:revoke` manage them. */
@Resolver()
export class EditorResolver {
  @Query(() => [EditorTokenType], { description: `Every editor token, active first; never the tokens themselves. ${ADMIN_ONLY}` })
  async editorTokens(@Ctx() ctx: RequestContext) {
    await ctx.services.editors.require(ctx.viewer, 'tokens');
    return ctx.services.editors.listTokens();
  }

  @Mutation(() => CreatedEditorTokenType, { description: `Creates a named token and shows it once. ${ADMIN_ONLY}` })
  async createEditorToken(@Arg('input', () => EditorTokenInput) input: EditorTokenInput, @Ctx() ctx: RequestContext) {
    await ctx.services.editors.require(ctx.viewer, 'tokens');
    return ctx.services.editors.createToken({ ...input });
  }

  @Mutation(() => EditorTokenType, { description: `Revokes the active token of this name: it answers 401 from now on. ${ADMIN_ONLY}` })
  async revokeEditorToken(@Arg('name', () => String) name: string, @Ctx() ctx: RequestContext) {
    await ctx.services.editors.require(ctx.viewer, 'tokens');
    return ctx.services.editors.revokeToken(name);
  }
}
