/**
 * Why a feed could not be read. Not DomainErrors: no HTTP route answers with them; the CLI prints
 * their message on one line and the server's job logs them, one feed failing alone.
 */
export class FeedError extends Error {}

/** The document is not well-formed XML, or not an RSS 2.0 or Atom feed. */
export class FeedParseError extends FeedError {}

/** Why a fetch was refused or failed: each is a rule of feed-fetcher.ts. */
export type FeedFetchFailure = 'scheme' | 'address' | 'timeout' | 'too-large' | 'status' | 'redirects' | 'network' | 'file';

export class FeedFetchError extends FeedError {
  constructor(
    message: string,
    readonly reason: FeedFetchFailure,
  ) {
    super(message);
  }
}
