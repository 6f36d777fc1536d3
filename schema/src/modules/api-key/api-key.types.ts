import { Field, GraphQLISODateTime, ID, Int, ObjectType } from 'type-graphql';
import { API_KEY_USAGE_DAYS } from './api-key.service.js';

@ObjectType('ApiKeyUsageDay', { description: 'Requests made with a key on one UTC day.' })
export class ApiKeyUsageDayType {
  @Field(() => String, { description: 'The UTC day, YYYY-MM-DD.' })
  day!: string;

  @Field(() => Int)
  requests!: number;
}

@ObjectType('ApiKey', { description: "A partner's API key (sent as X-Api-Key); the key itself is shown only when it is created." })
export class ApiKeyType {
  @Field(() => ID)
  id!: number;

  @Field(() => String)
  name!: string;

  @Field(() => String, { description: 'The first characters of the key, to tell which key is which.' })
  prefix!: string;

  @Field(() => Int, { nullable: true, description: 'Requests a minute with this key; null: the partner default (API_KEY_RATE_LIMIT).' })
  limitPerMinute!: number | null;

  @Field(() => GraphQLISODateTime)
  createdAt!: Date;

  @Field(() => GraphQLISODateTime, { nullable: true, description: 'The last request counted with it (to within a few seconds).' })
  lastUsedAt!: Date | null;

  @Field(() => GraphQLISODateTime, { nullable: true, description: 'Revoked then: requests with it answer 401 since.' })
  revokedAt!: Date | null;

  @Field(() => [ApiKeyUsageDayType], {
    description: `Requests per UTC day over the last ${API_KEY_USAGE_DAYS} days, newest first; days without requests are left out.`,
  })
  usage!: ApiKeyUsageDayType[];
}

@ObjectType('CreatedApiKey', { description: 'A new key: the only time the key is shown. Only its SHA-256 is stored.' })
export class CreatedApiKeyType extends ApiKeyType {
  @Field(() => String, { description: 'Send as X-Api-Key: <key>.' })
  key!: string;
}
