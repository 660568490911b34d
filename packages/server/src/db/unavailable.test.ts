import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, unavailableReason } from './unavailable.ts';

/** An error as node-postgres or Node's sockets make them. */
const failure = (message: string, fields: Record<string, unknown> = {}) =>
  Object.assign(new Error(message), fields);

describe('a database that cannot serve', () => {
  it('is told from its connection errors, through the wrappers around them', () => {
    const refused = failure('connect ECONNREFUSED 127.0.0.1:5432', { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(failure('Failed query: select 1', { cause: refused }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([refused], 'all addresses failed'))).toBe(true);
    expect(isDatabaseUnavailable(failure('Connection terminated unexpectedly'))).toBe(true);
    const shutdown = failure('terminating connection due to administrator command', {
      code: '57P01',
    });
    expect(isDatabaseUnavailable(shutdown)).toBe(true);
    expect(isDatabaseUnavailable(failure('too many clients already', { code: '53300' }))).toBe(
      true,
    );
    expect(unavailableReason(failure('Failed query', { cause: shutdown }))).toBe('57P01');
  });

  it('is not a query the database refused, nor a bug', () => {
    expect(isDatabaseUnavailable(failure('duplicate key value', { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(failure('syntax error', { code: '42601' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable('Connection terminated')).toBe(false);
  });
});
