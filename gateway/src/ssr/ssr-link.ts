import { ApolloLink } from '@apollo/client';
import { SchemaLink } from '@apollo/client/link/schema';
import type { GraphQLError, GraphQLSchema } from 'graphql';
import { map, of } from 'rxjs';
import type { RequestContext } from '../../../schema/src/index.js';
import { createFormatError } from '../graphql/format-error.js';

export interface SsrLinkOptions {
  exposeInternals: boolean;
  /** Hears every error of the page's queries, as raised (the page decides whether it failed). */
  onError?: (error: GraphQLError) => void;
}

/**
 * Runs the page's queries in-process against the schema, with errors formatted exactly as
 * /graphql formats them, so pages see the same codes (NOT_FOUND, BAD_USER_INPUT) either way.
 */
export function createSsrLink(schema: GraphQLSchema, context: () => RequestContext, options: SsrLinkOptions) {
  const formatError = createFormatError(options);
  const formatErrors = new ApolloLink((operation, forward) =>
    forward(operation).pipe(
      map((result) => {
        if (!result.errors) return result;
        for (const e of result.errors) options.onError?.(e as GraphQLError);
        return { ...result, errors: result.errors.map((e) => formatError((e as GraphQLError).toJSON?.() ?? e, e)) };
      }),
    ),
  );
  return ApolloLink.from([formatErrors, new SchemaLink({ schema, context })]);
}

/**
 * For the site's error page: every query answers at once with an error, so the header, footer and
 * page render their empty states without touching the database that just failed.
 */
export function createFailedLink(code: 'SERVICE_UNAVAILABLE' | 'INTERNAL_SERVER_ERROR') {
  return new ApolloLink(() => of({ errors: [{ message: 'Not available while the page is failing', extensions: { code } }] }));
}
