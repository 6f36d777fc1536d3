import Negotiator from 'negotiator';

/** The answer types of a page, in preference order: HTML unless the client prefers Markdown. */
const PAGE_TYPES = ['text/html', 'text/markdown'] as const;

/** Accept headers seen lately and whether they prefer Markdown: clients send a handful, each parsed once. */
const seen = new Map<string, boolean>();
const SEEN_MAX = 256;
const SEEN_HEADER_LENGTH = 256;

/**
 * Whether a page request asks for Markdown (`Accept: text/markdown`) over HTML. A header that never
 * names Markdown (every browser's) costs one substring test.
 */
export function prefersMarkdown(accept: string | undefined): boolean {
  if (!accept || !accept.includes('markdown')) return false;
  let chosen = seen.get(accept);
  if (chosen === undefined) {
    chosen = new Negotiator({ headers: { accept } }).mediaType([...PAGE_TYPES]) === 'text/markdown';
    if (accept.length <= SEEN_HEADER_LENGTH) {
      if (seen.size >= SEEN_MAX) seen.clear();
      seen.set(accept, chosen);
    }
  }
  return chosen;
}

/** ActivityPub's types: a client that asks for one of them gets the ActivityStreams object of a page. */
const ACTIVITY = /application\/(activity\+json|ld\+json)/;

/** Whether a page request asks for its ActivityPub object (`Accept: application/activity+json`). */
export function prefersActivityJson(accept: string | undefined): boolean {
  return accept !== undefined && ACTIVITY.test(accept) && !/text\/html/.test(accept);
}

/** The part of a page's cache key its Accept decides: HTML, Markdown or an ActivityPub object. */
export function pageVariant(accept: string | undefined): '' | '|Amd' | '|Aap' {
  if (!accept) return '';
  return prefersMarkdown(accept) ? '|Amd' : prefersActivityJson(accept) ? '|Aap' : '';
}
