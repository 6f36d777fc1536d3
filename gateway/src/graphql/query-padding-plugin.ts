import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, TokenKind, type DocumentNode } from 'graphql';

/**
 * Comments, white space and commas a query may carry. The site's largest document has about 1 kB
 * of them; a comment is no token, so the parser's token limit never sees it, while the parsed
 * document keeps the whole text and a token object for every comment line.
 */
export const MAX_IGNORED_QUERY_CHARACTERS = 8_192;

/**
 * The characters of a parsed document's source that are not tokens (comments, white space,
 * commas, a byte-order mark), from the tokens its location links. 0 for a document without one.
 */
export function ignoredCharacters(document: DocumentNode): number {
  const loc = document.loc;
  if (!loc) return 0;
  const length = loc.source.body.length;
  // A shorter text cannot hold more: nothing to count.
  if (length <= MAX_IGNORED_QUERY_CHARACTERS) return 0;
  let significant = 0;
  for (let token = loc.startToken.next; token && token.kind !== TokenKind.EOF; token = token.next) {
    if (token.kind !== TokenKind.COMMENT) significant += token.end - token.start;
  }
  return length - significant;
}

/**
 * Refuses a query padded with more than MAX_IGNORED_QUERY_CHARACTERS of comments or white space
 * (400, BAD_REQUEST, naming the count) before it executes or is persisted; the document store
 * never keeps one (document-store.ts). Apollo turns an error into an answer from this hook on.
 */
export function queryPaddingPlugin<TContext extends object>(): ApolloServerPlugin<TContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ document }) {
          const ignored = ignoredCharacters(document);
          if (ignored <= MAX_IGNORED_QUERY_CHARACTERS) return;
          throw new GraphQLError(
            `The query carries ${ignored} characters of comments and white space; at most ${MAX_IGNORED_QUERY_CHARACTERS} are accepted: send it without them`,
            { extensions: { code: 'BAD_REQUEST', http: { status: 400 } } },
          );
        },
      };
    },
  };
}
