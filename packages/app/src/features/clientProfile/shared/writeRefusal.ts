import { toApiError } from '@coach/api';

/**
 * Why the server refused a write of the notes service, as the screen tells it: past a daily quota
 * (429, with the wait the server advised), a field it did not take (400: its message names the
 * field first, as the contract words every refusal), a note past its edit window (409), or
 * anything else (the caller's own text).
 */
export type WriteRefusal<Field extends string> =
  | { kind: 'quota'; retryAfterSeconds: number | undefined }
  | { kind: 'field'; field: Field }
  | { kind: 'editWindowPassed' }
  | { kind: 'other' };

/** The refusal in what a write threw; `fields` are the ones the form can point at. */
export function writeRefusalOf<Field extends string>(
  error: unknown,
  fields: readonly Field[],
): WriteRefusal<Field> {
  const { status, code, message, retryAfterSeconds } = toApiError(error);
  if (status === 429) return { kind: 'quota', retryAfterSeconds };
  if (status === 409 && code === 'edit_window_passed') return { kind: 'editWindowPassed' };
  if (status === 400) {
    // 'dueDate must not be before today (…)', 'text must not be blank': the first field named.
    const named = fields
      .map((field) => ({ field, at: message.search(new RegExp(`\\b${field}\\b`)) }))
      .filter(({ at }) => at >= 0)
      .sort((a, b) => a.at - b.at)[0];
    if (named) return { kind: 'field', field: named.field };
  }
  return { kind: 'other' };
}
