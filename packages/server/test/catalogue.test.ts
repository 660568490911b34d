import { describe, expect, it } from 'vitest';
import { catalogueProblem } from './testServer.ts';

// The guard every test server runs on its error answers (see startTestServer's close()).
describe('catalogueProblem', () => {
  const answer = (status: number, body: unknown) => ({
    method: 'GET',
    url: '/api/x',
    status,
    body,
  });

  it('accepts an error body whose code is in the catalogue with its status', () => {
    expect(catalogueProblem(answer(404, { error: 'not_found', message: 'Client not found' }))).toBe(
      null,
    );
    expect(catalogueProblem(answer(409, { error: 'outside_window', message: 'No…' }))).toBe(null);
  });

  it('names an unknown code, a status other than the catalogue’s, and a body without message', () => {
    expect(catalogueProblem(answer(401, { error: 'token_gone', message: 'x' }))).toBe(
      'GET /api/x 401: unknown code "token_gone"',
    );
    expect(catalogueProblem(answer(400, { error: 'not_found', message: 'x' }))).toBe(
      'GET /api/x 400: not_found comes with 404 in the catalogue',
    );
    expect(catalogueProblem(answer(400, { error: 'bad_request' }))).toBe(
      'GET /api/x 400: no message',
    );
    expect(catalogueProblem(answer(500, 'Internal Server Error'))).toBe(
      'GET /api/x 500: not a JSON error body',
    );
  });
});
