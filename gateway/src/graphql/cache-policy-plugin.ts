import type { ApolloServerPlugin, BaseContext, GraphQLRequestContext } from '@apollo/server';
import {
  type ConstDirectiveNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { graphqlQueryProfile, NO_STORE, PRIVATE_ANSWER } from '../cache/cache-profiles.js';

type CacheScope = 'PUBLIC' | 'PRIVATE';

/** How long, and for whom, an answer may be kept (Apollo's CacheHint). */
export interface CacheHint {
  maxAge?: number;
  scope?: CacheScope;
}

/** A type's or a field's @cacheControl hint, as Apollo's cache control plugin reads it. */
interface Annotation extends CacheHint {
  inheritMaxAge?: true;
}

function annotationFrom(directives: readonly ConstDirectiveNode[] | undefined): Annotation | undefined {
  const directive = directives?.find((d) => d.name.value === 'cacheControl');
  if (!directive?.arguments) return undefined;
  const argument = (name: string) => directive.arguments?.find((a) => a.name.value === name)?.value;
  const scopeValue = argument('scope');
  const scope = scopeValue?.kind === Kind.ENUM && (scopeValue.value === 'PUBLIC' || scopeValue.value === 'PRIVATE') ? (scopeValue.value as CacheScope) : undefined;
  const inherit = argument('inheritMaxAge');
  if (inherit?.kind === Kind.BOOLEAN && inherit.value) return { inheritMaxAge: true, scope };
  const maxAge = argument('maxAge');
  return { maxAge: maxAge?.kind === Kind.INT ? parseInt(maxAge.value, 10) : undefined, scope };
}

// Told apart by shape, not with graphql's isObjectType & co.: those check `instanceof`, and a
// schema built by another copy of graphql (a test runner's, a library's) would fail them.
const namedType = (type: GraphQLOutputType): GraphQLNamedType => ('ofType' in type ? namedType(type.ofType) : type);
const isComposite = (type: GraphQLNamedType): type is GraphQLCompositeType => 'getFields' in type || 'getTypes' in type;
const hasFields = (type: GraphQLCompositeType): type is GraphQLObjectType => 'getFields' in type;

function typeAnnotation(type: GraphQLNamedType): Annotation {
  return annotationFrom(type.astNode?.directives) ?? type.extensionASTNodes.map((node) => annotationFrom(node.directives)).find(Boolean) ?? {};
}

function fieldAnnotation(field: GraphQLField<unknown, unknown>): Annotation {
  return annotationFrom(field.astNode?.directives) ?? {};
}

/** The narrower of a policy and a hint: the shorter life, and private over public. */
function restrict(policy: CacheHint, hint: CacheHint): void {
  if (hint.maxAge !== undefined && (policy.maxAge === undefined || hint.maxAge < policy.maxAge)) policy.maxAge = hint.maxAge;
  if (hint.scope !== undefined && policy.scope !== 'PRIVATE') policy.scope = hint.scope;
}

/** A hint's values in place of the policy's, where the hint has them. */
function replace(policy: CacheHint, hint: CacheHint): void {
  if (hint.maxAge !== undefined) policy.maxAge = hint.maxAge;
  if (hint.scope !== undefined) policy.scope = hint.scope;
}

/**
 * An operation's cache policy, worked out from its text by the rules Apollo's plugin applies to each
 * field as it resolves: a field takes its type's hint (composite types) and its own; a composite
 * field, or a root field, with no maxAge gets `defaultMaxAge`; a scalar field without a hint
 * inherits its parent's. Every field the operation names counts, also those that `@skip`, a null
 * parent or a type condition leave unresolved, so the policy is never wider than Apollo's.
 */
export function operationCachePolicy(schema: GraphQLSchema, operation: OperationDefinitionNode, fragments: ReadonlyMap<string, FragmentDefinitionNode>, defaultMaxAge = 0): CacheHint {
  const policy: CacheHint = {};
  const root = schema.getRootType(operation.operation);
  if (!root) return { maxAge: defaultMaxAge };
  const spread = new Set<string>();
  const visit = (parent: GraphQLCompositeType, selectionSet: SelectionSetNode, isRoot: boolean): void => {
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        const name = selection.name.value;
        if (name === '__typename') continue;
        const field = hasFields(parent) ? parent.getFields()[name] : undefined;
        // __schema and __type: the introspection types carry no hint.
        if (!field) {
          restrict(policy, { maxAge: defaultMaxAge });
          continue;
        }
        const target = namedType(field.type);
        const composite = isComposite(target);
        const fieldPolicy: CacheHint = {};
        let inheritMaxAge = false;
        if (composite) {
          const hint = typeAnnotation(target);
          replace(fieldPolicy, hint);
          inheritMaxAge = hint.inheritMaxAge === true;
        }
        const own = fieldAnnotation(field);
        if (own.inheritMaxAge && fieldPolicy.maxAge === undefined) {
          inheritMaxAge = true;
          if (own.scope) fieldPolicy.scope = own.scope;
        } else replace(fieldPolicy, own);
        if (fieldPolicy.maxAge === undefined && ((composite && !inheritMaxAge) || isRoot)) restrict(fieldPolicy, { maxAge: defaultMaxAge });
        restrict(policy, fieldPolicy);
        if (composite && selection.selectionSet) visit(target, selection.selectionSet, false);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : parent;
        if (type && isComposite(type)) visit(type, selection.selectionSet, isRoot);
      } else {
        const fragment = fragments.get(selection.name.value);
        if (!fragment || spread.has(fragment.name.value)) continue;
        spread.add(fragment.name.value);
        const type = schema.getType(fragment.typeCondition.name.value);
        if (type && isComposite(type)) visit(type, fragment.selectionSet, isRoot);
        spread.delete(fragment.name.value);
      }
    }
  };
  visit(root, operation.selectionSet, true);
  return policy;
}

/**
 * Cache-Control for GraphQL answers from the schema's @cacheControl hints, as Apollo's cache control
 * plugin with `calculateHttpHeaders` gives it (decision 041), as the profiles of cache/cache-profiles.ts: a
 * public query's N seconds for shared caches, a private one's, or never stored for any other answer. The policy is worked out once
 * per operation (Apollo keeps a parsed document per query text), instead of for every field as it
 * resolves: Apollo's plugin wrapped every resolver and allocated a policy, a hint object and
 * closures per field, a sixth of what an uncached home query allocated.
 */
export function cachePolicyPlugin<T extends BaseContext>({ defaultMaxAge = 0 }: { defaultMaxAge?: number } = {}): ApolloServerPlugin<T> {
  let schema: GraphQLSchema | null = null;
  const policies = new WeakMap<OperationDefinitionNode, CacheHint>();
  return {
    async serverWillStart(service) {
      schema = service.schema;
    },
    async requestDidStart() {
      return {
        async didResolveOperation({ document, operation, overallCachePolicy }) {
          if (!schema || !operation) return;
          let policy = policies.get(operation);
          if (!policy) {
            const fragments = new Map<string, FragmentDefinitionNode>();
            for (const definition of document.definitions) if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
            policy = Object.freeze(operationCachePolicy(schema, operation, fragments, defaultMaxAge));
            policies.set(operation, policy);
          }
          overallCachePolicy.restrict(policy);
        },
        async willSendResponse({ response, overallCachePolicy }) {
          response.http.headers.set('cache-control', cacheControlHeader(overallCachePolicy, response.body.kind === 'single' && !response.body.singleResult.errors));
        },
      };
    },
  };
}

function cacheControlHeader(policy: GraphQLRequestContext<BaseContext>['overallCachePolicy'], answered: boolean): string {
  const cacheable = answered ? policy.policyIfCacheable() : null;
  // Shared caches keep a public answer for its hinted life, browsers revalidate it like a page.
  if (!cacheable) return NO_STORE;
  return cacheable.scope === 'PUBLIC' ? graphqlQueryProfile(cacheable.maxAge) : PRIVATE_ANSWER;
}
