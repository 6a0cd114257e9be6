/**
 * The one guard for looking a key from outside (an address parameter, a form field, a GraphQL argument) up in an
 * object: only the object's own keys count. A plain `key in table` or `table[key]` also finds what every object
 * inherits (`__proto__`, `constructor`, `toString`), and such a value reaching code that expects an entry of the
 * table was a way to a 500.
 */

/** Whether `key` is one of `table`'s own keys (and so may index it). */
export function isOwnKey<T extends object>(table: T, key: unknown): key is keyof T & string {
  return typeof key === "string" && Object.hasOwn(table, key);
}

/** `table[key]` when key is one of its own keys, else undefined. */
export function ownValue<T extends object>(table: T, key: unknown): T[keyof T & string] | undefined {
  return isOwnKey(table, key) ? table[key] : undefined;
}
