import { describe, expect, it } from 'vitest';
import {
  maxReturnPathLength,
  returnHref,
  returnPathOf,
  toReturnPath,
  withReturnPath,
} from './returnPath.ts';

describe('toReturnPath', () => {
  it.each([
    ['/clients', '/clients'],
    ['/clients/7f3c2a9e-1b4d-4c1e-9a57-2f0d6c8e1b23', '/clients/:id'],
    ['/clients/7f3c2a9e-1b4d-4c1e-9a57-2f0d6c8e1b23/activity', '/clients/:id'],
    ['/settings', '/settings'],
    ['/queue', '/queue'],
  ])('accepts the signed-in page %s', (candidate, route) => {
    expect(toReturnPath(candidate)).toEqual({ href: candidate, route });
  });

  it('keeps the query and the hash', () => {
    expect(toReturnPath('/clients/42?tab=exercises&range=7#week-3')).toEqual({
      href: '/clients/42?tab=exercises&range=7#week-3',
      route: '/clients/:id',
    });
    expect(toReturnPath('/clients?sort=mental&order=desc')?.href).toBe(
      '/clients?sort=mental&order=desc',
    );
  });

  it.each([
    ['a protocol-relative address', '//evil.example'],
    ['a protocol-relative address with a path', '//evil.example/clients'],
    ['a backslash that browsers read as a slash', '/\\evil.example'],
    ['a backslash later in the path', '/clients\\..\\..\\evil.example'],
    ['an absolute https address', 'https://evil.example'],
    ['an absolute address on a signed-in path', 'https://evil.example/clients'],
    ['a javascript: address', 'javascript:alert(1)'],
    ['a javascript: address in capitals', 'JavaScript:alert(1)'],
    ['a data: address', 'data:text/html,<script>alert(1)</script>'],
    ['a relative path', 'clients'],
    ['a relative path to another host', 'evil.example/clients'],
    ['encoded slashes (one decoding left)', '%2F%2Fevil.example'],
    ['an encoded slash in a segment', '/%2F%2Fevil.example'],
    ['an encoded slash in a client id', '/clients/%2F%2Fevil.example'],
    ['an encoded backslash', '/%5Cevil'],
    ['an encoded backslash in a client id', '/clients/%5Cevil.example'],
    ['a tab that URL parsers drop', '/\t/evil.example'],
    ['a newline that URL parsers drop', '/\n/evil.example'],
    ['a leading space', ' /clients'],
    ['a malformed escape', '/clients/%E0%A4%A'],
    ['an encoded control character', '/clients/%00'],
    ['the root', '/'],
    ['the sign-in page', '/?next=/settings'],
    ['the password reset flow', '/changePassword'],
    ['the public invite page', '/invite?token=abc'],
    ['an unknown page', '/admin'],
    ['a page under a client', '/clients/42/report'],
    ['a dot segment leaving the app', '/clients/../../admin'],
    ['an empty value', ''],
  ])('refuses %s', (_case, candidate) => {
    expect(toReturnPath(candidate)).toBeNull();
  });

  it('refuses nothing at all', () => {
    expect(toReturnPath(null)).toBeNull();
    expect(toReturnPath(undefined)).toBeNull();
  });

  it(`refuses a value over ${maxReturnPathLength} characters`, () => {
    const prefix = '/clients?q=';
    const longest = prefix + 'a'.repeat(maxReturnPathLength - prefix.length);
    expect(toReturnPath(longest)?.href).toBe(longest);
    expect(toReturnPath(`${longest}a`)).toBeNull();
  });
});

describe('returnPathOf', () => {
  it('reads a checked return path from the next parameter, decoded once', () => {
    expect(returnPathOf('?next=%2Fclients%2F42%3Ftab%3Dexercises')?.href).toBe(
      '/clients/42?tab=exercises',
    );
  });

  it.each([
    '?next=//evil.example',
    '?next=%2F%2Fevil.example',
    '?next=%252F%252Fevil.example',
    '?next=https%3A%2F%2Fevil.example',
    '?next=/%5Cevil',
    '?next=javascript:alert(1)',
    '',
  ])('gives null for %j', (search) => {
    expect(returnPathOf(search)).toBeNull();
  });
});

describe('returnHref', () => {
  it("goes to the return path, or to '/clients' without one", () => {
    expect(returnHref(toReturnPath('/settings'))).toBe('/settings');
    expect(returnHref(toReturnPath('//evil.example'))).toBe('/clients');
    expect(returnHref(null)).toBe('/clients');
  });
});

describe('withReturnPath', () => {
  it('carries the return path as an encoded next parameter that reads back the same', () => {
    const returnPath = toReturnPath('/clients/42?tab=exercises#week-3');
    const address = withReturnPath('/', returnPath);
    expect(address).toBe('/?next=%2Fclients%2F42%3Ftab%3Dexercises%23week-3');
    expect(returnPathOf(new URL(address, 'https://coach.example').search)).toEqual(returnPath);
  });

  it("adds nothing for no return path or the default '/clients'", () => {
    expect(withReturnPath('/changePassword', null)).toBe('/changePassword');
    expect(withReturnPath('/', toReturnPath('/clients'))).toBe('/');
  });
});
