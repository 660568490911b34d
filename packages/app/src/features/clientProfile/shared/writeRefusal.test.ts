import { ApiError } from '@coach/api';
import { describe, expect, it } from 'vitest';
import { writeRefusalOf } from './writeRefusal.ts';

describe('writeRefusalOf', () => {
  it('reads a quota refusal with the wait the server advised', () => {
    const error = new ApiError(429, 'rate_limited', 'Too many notes', { retryAfterSeconds: 3600 });
    expect(writeRefusalOf(error, ['text'])).toEqual({ kind: 'quota', retryAfterSeconds: 3600 });
  });

  it('names the field a 400 names first', () => {
    const error = new ApiError(
      400,
      'invalid_request',
      'dueDate must not be before today (2026-11-16)',
    );
    expect(writeRefusalOf(error, ['reason', 'dueDate'])).toEqual({
      kind: 'field',
      field: 'dueDate',
    });
  });

  it('does not take a field for part of a longer word', () => {
    const error = new ApiError(400, 'validation_failed', 'textual must be short');
    expect(writeRefusalOf(error, ['text'])).toEqual({ kind: 'other' });
  });

  it('reads a note past its edit window', () => {
    const error = new ApiError(409, 'edit_window_passed', 'The note can no longer be edited');
    expect(writeRefusalOf(error, ['text'])).toEqual({ kind: 'editWindowPassed' });
  });

  it('leaves anything else to the caller', () => {
    expect(writeRefusalOf(new ApiError(500, 'internal_error', 'Boom'), ['text'])).toEqual({
      kind: 'other',
    });
    expect(writeRefusalOf(new ApiError(409, 'id_conflict', 'Taken'), ['text'])).toEqual({
      kind: 'other',
    });
  });
});
