import { ApiError, toApiError } from '@coach/api';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../../test/testI18n.ts';
import { classifyCallFailure, describeCallFailure, isServerUnreachable } from './callFailure.ts';

const answer = (status: number, code: string) => new ApiError(status, code, 'Text');
const timeout = () => {
  const cause = new DOMException('The operation timed out.', 'TimeoutError');
  return toApiError(Object.assign(new Error('fetch failed', { cause }), { status: undefined }));
};

describe('classifyCallFailure', () => {
  it.each([
    ['no answer, browser online', toApiError(new TypeError('Failed to fetch')), true, 'network'],
    ['no answer, browser offline', toApiError(new TypeError('Failed to fetch')), false, 'offline'],
    ['a timeout', timeout(), true, 'noAnswer'],
    ['a 502 from a proxy', answer(502, 'internal_error'), true, 'unavailable'],
    ['a 504 from a proxy', answer(504, 'internal_error'), true, 'unavailable'],
    ['a 503 without a body', toApiError({ status: 503, statusText: '' }), true, 'unavailable'],
    ['the database down', answer(503, 'service_unavailable'), true, 'unavailable'],
    ['mail failing', answer(503, 'mail_failed'), true, 'other'],
    ['busy workers', answer(503, 'server_busy'), true, 'other'],
    ['a 500', answer(500, 'internal_error'), true, 'other'],
    ['a throttled sign-in', answer(429, 'rate_limited'), true, 'other'],
    ['a refusal', answer(401, 'unauthorized'), false, 'other'],
    ['an aborted call', new ApiError(0, 'aborted', 'Aborted'), false, 'other'],
  ])('reads %s', (_case, error, isOnline, kind) => {
    expect(classifyCallFailure(error, isOnline)).toBe(kind);
  });

  it('reads what ofetch throws, not only ApiErrors', () => {
    expect(isServerUnreachable(new TypeError('Failed to fetch'))).toBe(true);
    expect(
      isServerUnreachable({ status: 429, data: { error: 'rate_limited', message: 'x' } }),
    ).toBe(false);
  });
});

describe('describeCallFailure', () => {
  const t = createTestI18n().t;

  it("keeps the caller's own text word for word, and says when the server could not be reached", () => {
    render(
      <p>{describeCallFailure(answer(503, 'service_unavailable'), t, 'Error updating profile')}</p>,
    );
    expect(screen.getByText('Error updating profile')).toBeInTheDocument();
    expect(
      screen.getByText('The server could not be reached, please try again'),
    ).toBeInTheDocument();
    expect(describeCallFailure(answer(500, 'internal_error'), t, 'Error updating profile')).toBe(
      'Error updating profile',
    );
  });
});
