/** A GraphQL enum object from a list of stored values: ['domain'] -> { DOMAIN: 'domain' }. */
export type EnumOf<Value extends string> = { [V in Value as Uppercase<V>]: V };

export function enumOf<const Value extends string>(values: readonly Value[]): EnumOf<Value> {
  return Object.fromEntries(values.map((value) => [value.toUpperCase(), value])) as EnumOf<Value>;
}
