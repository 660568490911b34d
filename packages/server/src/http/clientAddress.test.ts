import { describe, expect, it } from 'vitest';
import { clientAddressKey } from './clientAddress.ts';

describe('clientAddressKey', () => {
  it('keys an IPv4 address by itself', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('203.0.113.8')).toBe('203.0.113.8');
  });

  it('keys IPv6 addresses of one /64 alike, however they are written', () => {
    const keys = [
      '2001:db8:1:2::1',
      '2001:0db8:0001:0002:ffff:ffff:ffff:ffff',
      '2001:DB8:1:2:abcd::',
      '2001:db8:1:2::1%eth0',
    ].map(clientAddressKey);
    expect(new Set(keys)).toEqual(new Set(['2001:db8:1:2::/64']));
  });

  it('keys IPv6 addresses of different /64s apart', () => {
    expect(clientAddressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(clientAddressKey('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('keys an IPv4-mapped IPv6 address as the IPv4 address', () => {
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:cb00:7107')).toBe('203.0.113.7');
  });

  it('keeps anything else as it is', () => {
    expect(clientAddressKey('unknown')).toBe('unknown');
  });
});
