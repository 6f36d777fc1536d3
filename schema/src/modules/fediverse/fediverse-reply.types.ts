import { Directive, Field, GraphQLISODateTime, ID, ObjectType } from 'type-graphql';
import { PUBLIC_CACHE_HINT } from '../../lib/cache-hints.js';

@Directive(PUBLIC_CACHE_HINT)
@ObjectType('FediverseReply', { description: 'A reply to an article from the fediverse (Mastodon and others), shown once an editor approved it.' })
export class FediverseReplyType {
  @Field(() => ID, { description: 'Its ActivityPub id (a URL).' })
  id!: string;

  @Field(() => String, { description: 'The author\'s display name.' })
  authorName!: string;

  @Field(() => String, { nullable: true, description: 'The author\'s profile (http or https), or null.' })
  authorUrl!: string | null;

  @Field(() => String, { description: 'The author\'s server, e.g. aus.social.' })
  server!: string;

  @Field(() => String, { description: 'Plain text (converted from the reply\'s HTML when it arrived).' })
  text!: string;

  @Field(() => String, { nullable: true, description: 'The reply on its own server (http or https), or null.' })
  url!: string | null;

  @Field(() => GraphQLISODateTime)
  published!: Date;
}
