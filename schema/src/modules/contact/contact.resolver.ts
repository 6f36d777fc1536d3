import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../lib/context.js';
import { ContactMessageInput, ContactMessageReceipt } from './contact.inputs.js';

@Resolver()
export class ContactResolver {
  @Mutation(() => ContactMessageReceipt, {
    description: 'Sends a message to the editors, including domain purchase inquiries.',
  })
  submitContactMessage(
    @Arg('input', () => ContactMessageInput) input: ContactMessageInput,
    @Ctx() ctx: GraphQLContext,
  ) {
    // A plain object: the input class instance would carry no extra keys, but keep the service's view clean.
    return ctx.services.contact.submit({ ...input });
  }
}
