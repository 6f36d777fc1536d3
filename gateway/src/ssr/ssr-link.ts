import { ApolloLink } from '@apollo/client';
import { SchemaLink } from '@apollo/client/link/schema';
import type { GraphQLError, GraphQLSchema } from 'graphql';
import { map } from 'rxjs';
import type { RequestContext } from '../../../schema/src/index.js';
import { createFormatError } from '../graphql/format-error.js';

/**
 * Runs the page's queries in-process against the schema, with errors formatted exactly as
 * /graphql formats them, so pages see the same codes (NOT_FOUND, BAD_USER_INPUT) either way.
 */
export function createSsrLink(schema: GraphQLSchema, context: () => RequestContext, options: { exposeInternals: boolean }) {
  const formatError = createFormatError(options);
  const formatErrors = new ApolloLink((operation, forward) =>
    forward(operation).pipe(
      map((result) =>
        result.errors
          ? { ...result, errors: result.errors.map((e) => formatError((e as GraphQLError).toJSON?.() ?? e, e)) }
          : result,
      ),
    ),
  );
  return ApolloLink.from([formatErrors, new SchemaLink({ schema, context })]);
}
