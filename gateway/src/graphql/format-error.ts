import { unwrapResolverError } from '@apollo/server/errors';
import type { GraphQLFormattedError } from 'graphql';
import { DomainError, ValidationError } from '../../../schema/src/lib/errors.js';

/** The one place domain errors become GraphQL codes; unknown errors never leak internals in production. */
export function createFormatError(options: { exposeInternals: boolean }) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const original = unwrapResolverError(error);
    if (original instanceof DomainError) {
      return {
        ...formatted,
        message: original.message,
        extensions: {
          code: original.graphqlCode,
          http: { status: original.httpStatus },
          ...(original instanceof ValidationError && original.fields.length ? { fields: original.fields } : {}),
        },
      };
    }
    const code = formatted.extensions?.code;
    if (code === 'INTERNAL_SERVER_ERROR' && !options.exposeInternals) {
      return { message: 'Internal server error', locations: formatted.locations, path: formatted.path, extensions: { code } };
    }
    if (!options.exposeInternals && formatted.extensions?.stacktrace) {
      const { stacktrace: _omit, ...extensions } = formatted.extensions;
      return { ...formatted, extensions };
    }
    return formatted;
  };
}
