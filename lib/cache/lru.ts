/**
 * A Map bounded to `capacity` entries that evicts the least recently used one (a Map iterates in
 * insertion order, so re-inserting an entry on use keeps the oldest first). Serves the count
 * cache and the prepared-statement cache.
 */
export class LruCache<K, V> {
  private readonly entries = new Map<K, V>();
  constructor(private readonly capacity: number) {}

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }
}
