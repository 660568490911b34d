import { decodePageCursor, messages, type PageKey } from '@coach/domain';
import { DomainError } from '../../domainError.ts';

/**
 * The key of a page's cursor as a caller sent it (null for the first page), refused with the
 * one 400 of a cursor that is not ours: every route that takes a cursor reads it here, so a key
 * reaches a database only after `decodePageCursor` (date bounds included) accepted it.
 */
export function keyOfCursor(cursor: string | undefined): PageKey | null {
  if (cursor === undefined) return null;
  const key = decodePageCursor(cursor);
  if (key === null) throw new DomainError('invalid_request', messages.invalidCursor);
  return key;
}
