import { type AuthenticatedDocumentLoaderFactory, type DocumentLoader, type DocumentLoaderFactory, type DocumentLoaderFactoryOptions, FetchError, getDocumentLoader, getUserAgent, type KvStore, kvCache, signRequest } from '@fedify/fedify';
import { fetchFeed } from '../../../schema/src/index.js';

/** A remote actor, key or note must arrive within this: a server that never answers does not hold an inbox's handler. */
export const REMOTE_DOCUMENT_TIMEOUT_MS = 10_000;
/** The most bytes read of a remote document: an actor or a note is a few kilobytes; a larger answer is refused unread. */
export const REMOTE_DOCUMENT_MAX_BYTES = 1024 * 1024;

/** JSON-LD contexts Fedify keeps in its own code: loaded from there, never fetched. */
const PRELOADED_CONTEXTS = new Set([
  'https://www.w3.org/ns/activitystreams',
  'https://w3id.org/security/v1',
  'https://w3id.org/security/data-integrity/v1',
  'https://w3id.org/security/data-integrity/v2',
  'https://www.w3.org/ns/did/v1',
  'https://w3id.org/security/multikey/v1',
  'https://w3id.org/identity/v1',
  'https://purl.archive.org/socialweb/webfinger',
  'http://schema.org/',
  'https://gotosocial.org/ns',
  'https://w3id.org/fep/5711',
]);
export const preloadedContexts = (): readonly string[] => [...PRELOADED_CONTEXTS];

const ACCEPT = 'application/activity+json, application/ld+json; profile="https://www.w3.org/ns/activitystreams", application/json;q=0.9';
const JSON_LD_CONTEXT_LINK = /<([^>]+)>\s*;[^,]*rel="?http:\/\/www\.w3\.org\/ns\/json-ld#context"?/i;

export interface RemoteDocumentLimits {
  allowPrivateAddress: boolean;
  timeoutMs?: number;
  maxBytes?: number;
  userAgent?: string;
  /** Headers proving who asks (an HTTP signature of the request), for servers that answer signed fetches only. */
  sign?: (url: string, headers: Record<string, string>) => Promise<Record<string, string>>;
}

/**
 * Remote actors, keys and notes fetched by the feed ingester's rules (public addresses only, checked
 * on the very connection, redirects re-checked), within a time limit and at most `maxBytes` read.
 */
export function limitedDocumentLoader({ allowPrivateAddress, timeoutMs = REMOTE_DOCUMENT_TIMEOUT_MS, maxBytes = REMOTE_DOCUMENT_MAX_BYTES, userAgent = getUserAgent(), sign }: RemoteDocumentLimits): DocumentLoader {
  const contexts = getDocumentLoader({ allowPrivateAddress: false });
  return async (url, options) => {
    if (PRELOADED_CONTEXTS.has(url)) return contexts(url, options);
    let fetched;
    try {
      const headers = sign ? await sign(url, { accept: ACCEPT, 'user-agent': userAgent }) : undefined;
      fetched = await fetchFeed(url, { timeoutMs, maxBytes, allowPrivateAddresses: allowPrivateAddress, signal: options?.signal, accept: ACCEPT, userAgent, headers });
    } catch (error) {
      throw new FetchError(url, `Could not load ${url.slice(0, 200)}: ${error instanceof Error ? error.message : String(error)}`);
    }
    let document: unknown;
    try {
      document = JSON.parse(fetched.body);
    } catch {
      throw new FetchError(url, `${url.slice(0, 200)} did not answer JSON`);
    }
    // Plain JSON may name its JSON-LD context in a Link header.
    const contextUrl = /^application\/json\b/i.test(fetched.contentType ?? '') ? (JSON_LD_CONTEXT_LINK.exec(fetched.link ?? '')?.[1] ?? null) : null;
    return { contextUrl, document, documentUrl: fetched.source };
  };
}

/** The User-Agent Fedify asks its loaders to send: given as is, or made from its parts. */
const userAgentOf = (options?: DocumentLoaderFactoryOptions) => (typeof options?.userAgent === 'string' ? options.userAgent : getUserAgent(options?.userAgent));

/** The limited loader, with answers kept in the federation's key-value store. */
export function limitedDocumentLoaders(kv: KvStore, allowPrivateAddress: boolean, limits: Omit<RemoteDocumentLimits, 'allowPrivateAddress' | 'userAgent'> = {}): DocumentLoaderFactory {
  return (options) =>
    kvCache({
      loader: limitedDocumentLoader({
        ...limits,
        // The site's setting alone: Fedify passes its own default (false) otherwise.
        allowPrivateAddress,
        userAgent: userAgentOf(options),
      }),
      kv,
      prefix: ['_fedify', 'remoteDocument'],
    });
}

/** The limited loader for fetches signed as one of the site's accounts (Fedify's authenticated loads). */
export function signedDocumentLoaders(allowPrivateAddress: boolean, limits: Omit<RemoteDocumentLimits, 'allowPrivateAddress' | 'userAgent' | 'sign'> = {}): AuthenticatedDocumentLoaderFactory {
  return (identity, options) =>
    limitedDocumentLoader({
      ...limits,
      // The site's setting alone: Fedify passes its own default (false) otherwise.
      allowPrivateAddress,
      userAgent: userAgentOf(options),
      async sign(url, headers) {
        const signed = await signRequest(new Request(url, { headers }), identity.privateKey, identity.keyId);
        return Object.fromEntries(signed.headers);
      },
    });
}
