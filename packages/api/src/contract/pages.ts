import { Type } from 'typebox';
import { FreeTextSchema } from './fieldSchemas.ts';

// The keyset pages of the contract (a client's activity history, reports, thread): newest first,
// `?limit=&before=` asks for a page, and each answer says where the next one starts. The cursor is
// the domain's (pageCursor.ts), opaque to callers.

/** Longest cursor a caller sends back. */
const cursorMaxLength = 200;

/**
 * `?limit=&before=` of a paged list: at most `max` items a page (`defaultLimit` when the caller
 * names none), older than the cursor `before`.
 */
export function PageQuerySchema(max: number, defaultLimit: number, description: string) {
  return Type.Object(
    {
      limit: Type.Optional(
        Type.Integer({ minimum: 1, maximum: max, description: `Default ${defaultLimit}` }),
      ),
      before: Type.Optional(
        FreeTextSchema({
          maxLength: cursorMaxLength,
          description: 'The nextCursor of the previous page',
        }),
      ),
    },
    { additionalProperties: false, description },
  );
}

/** The `nextCursor` of a page's answer: where the next (older) page starts, null on the last. */
export const NextCursorSchema = Type.Union(
  [Type.String({ maxLength: cursorMaxLength }), Type.Null()],
  {
    description: 'Pass as `before` for the next page; null on the last page',
  },
);
