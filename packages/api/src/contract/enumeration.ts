import { type TLiteral, type TSchemaOptions, type TUnion, Type } from 'typebox';

// The enumerations of requirements R3.8 are `as const` arrays (the `*Names` of the contract files):
// the schemas are built from them, and the server narrows stored text to them, so a value is
// written once.

type Literals<T extends readonly (string | number)[]> = {
  -readonly [K in keyof T]: TLiteral<T[K]>;
};

/** The union schema of an enumeration's values, in their order (`anyOf` of `const`s). */
export function literalUnion<const T extends readonly (string | number)[]>(
  values: T,
  options?: TSchemaOptions,
): TUnion<Literals<T>> {
  const literals = values.map((value) => Type.Literal(value));
  return Type.Union(literals, options) as unknown as TUnion<Literals<T>>;
}
