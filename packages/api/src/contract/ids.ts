import { type Static, Type } from 'typebox';

/** Identifier of any stored entity (a UUID). */
export const IdSchema = Type.String({ format: 'uuid', description: 'Identifier (UUID)' });

/** Path parameters `{ id }`. */
export const IdParamsSchema = Type.Object(
  { id: IdSchema },
  { description: 'The identifier in the path' },
);

/** See {@link IdParamsSchema}. */
export type IdParams = Static<typeof IdParamsSchema>;
