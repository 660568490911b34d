import { expect } from 'vitest';
import { ApiError } from '../src/client/errors.ts';

/** The ApiError a call rejects with (the test fails when it resolves or rejects otherwise). */
export async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}
