import { type DocumentLoader, type DocumentLoaderFactory, getDocumentLoader, type KvStore, kvCache } from '@fedify/fedify';

/** A remote actor, key or note must arrive within this: a server that never answers does not hold an inbox's handler. */
export const REMOTE_DOCUMENT_TIMEOUT_MS = 10_000;

/** The loader, with every load given up at `ms` (the caller's own signal still counts). */
export function withTimeout(load: DocumentLoader, ms: number): DocumentLoader {
  return (url, options) => {
    const deadline = AbortSignal.timeout(ms);
    return load(url, { ...options, signal: options?.signal ? AbortSignal.any([options.signal, deadline]) : deadline });
  };
}

/**
 * Fedify's own remote-document loader (public addresses only unless the factory is told otherwise,
 * answers kept in its key-value store) with a time limit on every fetch.
 */
export function timedDocumentLoaders(kv: KvStore, allowPrivateAddress: boolean, ms = REMOTE_DOCUMENT_TIMEOUT_MS): DocumentLoaderFactory {
  return (options) =>
    kvCache({
      loader: withTimeout(getDocumentLoader({ allowPrivateAddress: options?.allowPrivateAddress ?? allowPrivateAddress, userAgent: options?.userAgent }), ms),
      kv,
      prefix: ['_fedify', 'remoteDocument'],
    });
}
