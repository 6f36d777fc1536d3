/**
 * Minimal LRU bounded by entry count and by total size.
 * Map keeps insertion order, so re-inserting on read makes the first key the least recently used.
 */
export class LruCache<K, V> {
  private readonly entries = new Map<K, { value: V; size: number }>();
  private totalSize = 0;

  constructor(
    private readonly options: { maxEntries: number; maxSize: number; sizeOf: (value: V) => number },
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** Sum of sizeOf() over the cached values. */
  get totalBytes(): number {
    return this.totalSize;
  }

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  set(key: K, value: V): void {
    const size = this.options.sizeOf(value);
    this.delete(key);
    // A value larger than the whole budget would only evict everything else.
    if (size > this.options.maxSize) return;
    this.entries.set(key, { value, size });
    this.totalSize += size;
    while (this.entries.size > this.options.maxEntries || this.totalSize > this.options.maxSize) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.delete(oldest.value);
    }
  }

  delete(key: K): boolean {
    const entry = this.entries.get(key);
    if (!entry) return false;
    this.entries.delete(key);
    this.totalSize -= entry.size;
    return true;
  }

  clear(): void {
    this.entries.clear();
    this.totalSize = 0;
  }
}
