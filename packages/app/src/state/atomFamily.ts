/**
 * One atom (or group of atoms) per key, made on first use and kept: per-client data keyed by
 * client id (conventions). jotai 3 has no `atomFamily`; the values still live in each store.
 */
export function atomFamily<Key, Value>(create: (key: Key) => Value): (key: Key) => Value {
  const made = new Map<Key, Value>();
  return (key) => {
    const existing = made.get(key);
    if (existing !== undefined) return existing;
    const value = create(key);
    made.set(key, value);
    return value;
  };
}
