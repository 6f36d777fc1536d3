import { Arg, Args, ArgsType, Ctx, Field, Int, Mutation, Query, Resolver } from 'type-graphql';
import { assertAdmin, type GraphQLContext } from '../../lib/context.js';
import { ContactMessageInput, ContactMessageReceipt, InquiryConnection, InquiryType } from './contact.inputs.js';

@ArgsType()
class InquiriesArgs {
  @Field(() => Int, { nullable: true, defaultValue: 50, description: 'Page size, 1-100 (larger values are capped).' })
  first!: number;

  @Field(() => String, { nullable: true, description: 'endCursor of the previous page.' })
  after?: string | null;

  @Field(() => InquiryType, { nullable: true, description: 'Only inquiries of this type.' })
  type?: InquiryType | null;
}

@Resolver()
export class ContactResolver {
  @Mutation(() => ContactMessageReceipt, {
    description: 'Sends a message to the editors, including domain purchase inquiries.',
  })
  submitContactMessage(
    @Arg('input', () => ContactMessageInput) input: ContactMessageInput,
    @Ctx() ctx: GraphQLContext,
  ) {
    return ctx.services.contact.submit({ ...input }, { clientKey: ctx.viewer.clientKey });
  }

  @Query(() => InquiryConnection, {
    description: 'Stored inquiries, newest first. Owner only: send Authorization: Bearer <ADMIN_TOKEN>.',
  })
  async inquiries(@Args(() => InquiriesArgs) args: InquiriesArgs, @Ctx() ctx: GraphQLContext): Promise<InquiryConnection> {
    assertAdmin(ctx.viewer);
    const page = await ctx.services.contact.list(args);
    return {
      nodes: page.nodes,
      pageInfo: {
        hasNextPage: page.hasNextPage,
        hasPreviousPage: Boolean(args.after),
        startCursor: page.cursors[0] ?? null,
        endCursor: page.cursors.at(-1) ?? null,
      },
    };
  }
}
