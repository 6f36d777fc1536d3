import { Directive, Field, ID, ObjectType } from 'type-graphql';
import { PUBLIC_CACHE_HINT } from '../../lib/cache-hints.js';

@Directive(PUBLIC_CACHE_HINT)
@ObjectType('Category', { description: 'A news category readers browse by.' })
export class CategoryType {
  @Field(() => ID)
  id!: number;

  @Field(() => String, { description: 'Display name, e.g. "AR/VR & Metaverse".' })
  name!: string;

  @Field(() => String, { description: 'URL slug, e.g. "ar-vr-metaverse".' })
  slug!: string;

  @Field(() => String)
  description!: string;

  @Field(() => String, { description: 'Material icon name.' })
  icon!: string;
}
