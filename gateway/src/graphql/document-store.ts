import type { DocumentStore } from '@apollo/server';
import type { DocumentNode } from 'graphql';
import { LRUCache } from 'lru-cache';
import { ignoredCharacters, MAX_IGNORED_QUERY_CHARACTERS } from './query-padding-plugin.js';

/** Memory for parsed and validated documents, as estimated by `documentBytes` (keys included). */
export const DOCUMENT_STORE_MAX_BYTES = 8 * 1024 * 1024;

/**
 * What a parsed document holds in the heap, estimated from what it keeps: its nodes (about three
 * heap bytes per byte of their JSON), every token its location links, comments included (about
 * 90 bytes each), and the whole source text. Measured with graphql 16 (node --expose-gc). Apollo's
 * default store counts only the JSON, which leaves out the source and the tokens: a 90 kB comment
 * in front of `{ __typename }` counted as 500 bytes (decision 045).
 */
export function documentBytes(document: DocumentNode, key: string): number {
  let tokens = 0;
  for (let token = document.loc?.startToken ?? null; token; token = token.next) tokens += 1;
  const source = document.loc?.source.body.length ?? 0;
  return 3 * JSON.stringify(document).length + 96 * tokens + 2 * source + 2 * key.length + 64;
}

export interface BoundedDocumentStore extends DocumentStore {
  /** What the store holds now, as counted against its bound. */
  memory(): { documents: number; bytes: number };
}

/**
 * Apollo's store of parsed and validated documents (it skips both for a query seen before), bounded
 * by what the documents really hold: least recently used first. A padded one is never kept.
 */
export function createDocumentStore(maxBytes = DOCUMENT_STORE_MAX_BYTES): BoundedDocumentStore {
  const documents = new LRUCache<string, DocumentNode>({ maxSize: maxBytes, sizeCalculation: documentBytes });
  return {
    async get(key) {
      return documents.get(key);
    },
    async set(key, value, options) {
      // A padded query is refused (query-padding-plugin.ts): never kept, even for the moment before.
      if (ignoredCharacters(value) > MAX_IGNORED_QUERY_CHARACTERS) return;
      documents.set(key, value, options?.ttl ? { ttl: options.ttl * 1_000 } : undefined);
    },
    async delete(key) {
      return documents.delete(key);
    },
    memory() {
      return { documents: documents.size, bytes: documents.calculatedSize };
    },
  };
}
