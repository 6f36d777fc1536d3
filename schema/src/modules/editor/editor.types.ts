import { Field, GraphQLISODateTime, ID, InputType, ObjectType, registerEnumType } from 'type-graphql';
import { enumOf } from '../../lib/graphql-enum.js';
import { DEFAULT_EDITOR_ROLE, EDITOR_ROLES, type EditorRoleValue } from './editor-roles.js';
import { MAX_EDITOR_NAME_LENGTH } from './editor.service.js';

/** EDITOR = 'editor', ADMIN = 'admin'. */
export const EditorRole = enumOf(EDITOR_ROLES);
registerEnumType(EditorRole, {
  name: 'EditorRole',
  description: 'What a token may do.',
  valuesConfig: {
    EDITOR: { description: 'Articles, breaking news and partners.' },
    ADMIN: { description: 'All of that, plus inquiries, editor tokens and partner API keys (the role of ADMIN_TOKEN).' },
  },
});

@ObjectType('EditorToken', { description: 'A named editor token; the token itself is shown only when it is created.' })
export class EditorTokenType {
  @Field(() => ID)
  id!: number;

  @Field(() => String)
  name!: string;

  @Field(() => EditorRole)
  role!: EditorRoleValue;

  @Field(() => GraphQLISODateTime)
  createdAt!: Date;

  @Field(() => GraphQLISODateTime, { nullable: true, description: 'Last used (to the minute).' })
  lastUsedAt!: Date | null;

  @Field(() => GraphQLISODateTime, { nullable: true, description: 'Revoked then: it answers 401 since.' })
  revokedAt!: Date | null;
}

@ObjectType('CreatedEditorToken', { description: 'A new token: the only time the token is shown. Only its SHA-256 is stored.' })
export class CreatedEditorTokenType extends EditorTokenType {
  @Field(() => String, { description: 'Send as Authorization: Bearer <token>.' })
  token!: string;
}

@InputType('EditorTokenInput')
export class EditorTokenInput {
  @Field(() => String, { description: `Who holds it, as revisions will name them; at most ${MAX_EDITOR_NAME_LENGTH} characters.` })
  name!: string;

  @Field(() => EditorRole, { defaultValue: DEFAULT_EDITOR_ROLE })
  role!: EditorRoleValue;
}
