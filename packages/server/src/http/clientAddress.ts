import { isIPv4, isIPv6 } from 'node:net';

/** Fastify's `trustProxy`, restricted to the forms a deployment may configure. */
export type TrustProxy = false | number | readonly string[];

/**
 * The key a client address is counted and throttled under (sign-in throttles, the per-address
 * caps of connections, admission and live streams): an IPv4 address as it is, an IPv6 address by its
 * /64 (one subscriber or host usually holds a whole /64, so per-address keys would let it rotate
 * through 2^64 fresh buckets). IPv4-mapped IPv6 (`::ffff:192.0.2.1`) counts as the IPv4 address.
 * Anything else (never expected from Fastify's `request.ip`) is kept as it is.
 */
export function clientAddressKey(ip: string): string {
  const address = ip.trim().toLowerCase();
  if (isIPv4(address)) return address;
  const withoutZone = address.split('%')[0] ?? address;
  if (!isIPv6(withoutZone)) return address;
  const hextets = expandIPv6(withoutZone);
  const isMappedIPv4 = hextets.slice(0, 5).every((part) => part === 0) && hextets[5] === 0xffff;
  if (isMappedIPv4) {
    const [high = 0, low = 0] = hextets.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${hextets
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail folded in). */
function expandIPv6(address: string): number[] {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const start = parse(head);
  if (tail === undefined) return start;
  const end = parse(tail);
  return [...start, ...Array<number>(8 - start.length - end.length).fill(0), ...end];
}
