import { unwrapResolverError } from '@apollo/server/errors';
import type { GraphQLFormattedError } from 'graphql';
import { asDomainError, TooManyRequestsError, ValidationError } from '../../../schema/src/index.js';

/** The one place domain errors become GraphQL codes; unknown errors never leak internals in production. */
export function createFormatError(options: { exposeInternals: boolean }) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const original = asDomainError(unwrapResolverError(error));
    if (original) {
      return {
        ...formatted,
        message: original.message,
        extensions: {
          code: original.graphqlCode,
          ...(original instanceof ValidationError && original.fields.length ? { fields: original.fields } : {}),
          ...(original instanceof TooManyRequestsError ? { retryAfter: original.retryAfterSeconds } : {}),
        },
      };
    }
    if (!options.exposeInternals && /Did you mean/.test(formatted.message)) {
      // Suggestions would map the schema for a prober; introspection is the documented way.
      formatted = { ...formatted, message: formatted.message.replace(/\s*Did you mean [^?]*\?/g, '') };
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
