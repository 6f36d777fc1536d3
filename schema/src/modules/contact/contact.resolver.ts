import { Arg, Args, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { toConnection } from '../../lib/pagination.js';
import { assertAdmin, type RequestContext } from '../../runtime/request-context.js';
import { ContactMessageInput, InquiriesArgs } from './contact.inputs.js';
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
    return ctx.services.contact.submit({ ...input }, { clientKey: ctx.viewer.clientKey });
  }

  @Query(() => InquiryConnection, {
    description: 'Stored inquiries, newest first. Owner only: send Authorization: Bearer <ADMIN_TOKEN>.',
  })
  async inquiries(@Args(() => InquiriesArgs) args: InquiriesArgs, @Ctx() ctx: RequestContext): Promise<InquiryConnection> {
    assertAdmin(ctx.viewer);
    return toConnection(await ctx.services.contact.list(args));
  }

  @Query(() => [InquiryTypeOptionType], { description: "The contact form's inquiry types with their labels, in display order; the first is the default." })
  inquiryTypes(): InquiryTypeOptionType[] {
    return INQUIRY_TYPE_OPTIONS.map((option) => ({ ...option }));
  }
}
