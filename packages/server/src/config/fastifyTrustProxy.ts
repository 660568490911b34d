import type { TrustProxy } from '../http/clientAddress.ts';

/**
 * `TrustProxy` as Fastify's option: a hop count becomes the function Fastify itself makes of a
 * number (its types leave numbers out).
 */
export function fastifyTrustProxy(
  value: TrustProxy | undefined,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (value === undefined || value === false) return false;
  if (typeof value === 'number') return (_address, hop) => hop < value;
  return [...value];
}
