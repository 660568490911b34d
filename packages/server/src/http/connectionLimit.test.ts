import { describe, expect, it } from 'vitest';
import { trustedProxyMatcher } from './connectionLimit.ts';

describe('trustedProxyMatcher', () => {
  it('takes no peer for a proxy when TRUST_PROXY is off, so every address is capped', () => {
    expect(trustedProxyMatcher(false)('127.0.0.1')).toBe(false);
    expect(trustedProxyMatcher(undefined)('10.0.0.2')).toBe(false);
  });

  it('takes every peer for a proxy with a hop count, so the proxy is never capped', () => {
    expect(trustedProxyMatcher(1)('203.0.113.9')).toBe(true);
  });

  it('leaves only the listed proxies uncapped, IPv4-mapped addresses included', () => {
    const isProxy = trustedProxyMatcher(['10.0.0.0/8', '192.0.2.10', 'loopback']);
    expect(isProxy('10.1.2.3')).toBe(true);
    expect(isProxy('::ffff:192.0.2.10')).toBe(true);
    expect(isProxy('::1')).toBe(true);
    expect(isProxy('192.0.2.11')).toBe(false);
    expect(isProxy('2001:db8::1')).toBe(false);
  });
});
