import type { Server } from 'node:http';
import { BlockList, isIP } from 'node:net';
import { clientAddressKey, type TrustProxy } from './clientAddress.ts';

// One address may hold only so many open connections: each costs a socket, buffers and timers,
// and twenty idle ones were enough to freeze the API before bodies were read outside the gate.
// The count is by socket address: behind a trusted proxy every client shares the proxy's, so
// the proxy is not counted (its clients are held by the per-address admission limits instead,
// which see their forwarded address).

/** proxy-addr's names of address ranges (accepted in TRUST_PROXY), as CIDR ranges. */
const namedRanges: Record<string, readonly string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** Whether a socket address is one of the trusted proxies of `trustProxy`. */
export function trustedProxyMatcher(
  trustProxy: TrustProxy | undefined,
): (address: string) => boolean {
  if (trustProxy === undefined || trustProxy === false) return () => false;
  // A hop count trusts whoever connects: every peer is taken for a proxy.
  if (typeof trustProxy === 'number') return () => trustProxy > 0;
  const list = new BlockList();
  for (const entry of trustProxy.flatMap((item) => namedRanges[item] ?? [item])) {
    const [address = '', prefix] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (address) => {
    const plain =
      address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
    return list.check(plain, isIP(plain) === 6 ? 'ipv6' : 'ipv4');
  };
}

/**
 * Closes at once a connection from an address (an IPv6 /64, see clientAddress.ts) that already
 * holds `max` open ones (trusted proxies excepted): it gets no answer, as it has sent no request yet.
 */
export function limitConnectionsPerAddress(
  server: Server,
  max: number,
  trustProxy: TrustProxy | undefined,
) {
  const isProxy = trustedProxyMatcher(trustProxy);
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const remoteAddress = socket.remoteAddress;
    if (!remoteAddress || isProxy(remoteAddress)) return;
    // An IPv6 client holds a whole /64: its connections count together.
    const address = clientAddressKey(remoteAddress);
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
