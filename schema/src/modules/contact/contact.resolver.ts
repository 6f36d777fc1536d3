import { Arg, Args, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { toConnection } from '../../lib/pagination.js';
import type { RequestContext } from '../../runtime/request-context.js';
import { ContactMessageInput, InquiriesArgs } from './contact.inputs.js';
import { parseIdempotencyKey } from './contact.service.js';
import { ContactMessageReceipt, InquiryConnection, InquiryTypeOptionType } from './contact.types.js';
import { INQUIRY_TYPE_OPTIONS } from './inquiry-types.js';

@Resolver()
export class ContactResolver {
  @Mutation(() => ContactMessageReceipt, {
    description: 'Sends a message to the editors, including domain purchase inquiries.',
  })
  submitContactMessage(
    @Arg('input', () => ContactMessageInput) input: ContactMessageInput,
    @Ctx() ctx: RequestContext,
  ) {
    const { idempotencyKey, offer, ...message } = input;
    const key = idempotencyKey != null ? parseIdempotencyKey(idempotencyKey, 'idempotencyKey') : parseIdempotencyKey(ctx.idempotencyKey);
    // Plain objects, as REST sends them: the rules are the same for both APIs.
    return ctx.services.contact.submit({ ...message, ...(offer ? { offer: { ...offer } } : offer === null ? { offer: null } : {}) }, { clientKey: ctx.viewer.clientKey, idempotencyKey: key });
  }

  @Query(() => InquiryConnection, {
    description: 'Stored inquiries, newest first. Admin role: send Authorization: Bearer <ADMIN_TOKEN or an admin editor token>.',
  })
  async inquiries(@Args(() => InquiriesArgs) args: InquiriesArgs, @Ctx() ctx: RequestContext): Promise<InquiryConnection> {
    await ctx.services.editors.require(ctx.viewer, 'inquiries');
    return toConnection(await ctx.services.contact.list(args));
  }

  @Query(() => [InquiryTypeOptionType], { description: "The contact form's inquiry types with their labels, in display order; the first is the default." })
  inquiryTypes(): InquiryTypeOptionType[] {
    return INQUIRY_TYPE_OPTIONS.map((option) => ({ ...option }));
  }
}
