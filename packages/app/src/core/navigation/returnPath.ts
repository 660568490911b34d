import { matchPath } from 'react-router';
import { clientProfileGroups, paths } from './paths.ts';

/** The query parameter of the sign-in pages ('/', '/changePassword') that carries the return path. */
const returnPathParameter = 'next';

/** Where a sign-in lands without a return path. */
const defaultReturnPath = paths.clients;

/** The longest return path kept: a longer one is no link the app or its mails make. */
export const maxReturnPathLength = 2000;

/** The signed-in routes a sign-in may return to. */
const returnRoutes = [paths.clients, paths.client, paths.settings, paths.queue] as const;

/** A signed-in route of the app. */
type ReturnRoute = (typeof returnRoutes)[number];

/** A checked return path: the address within the app, and the route it opens. */
export type ReturnPath = { href: string; route: ReturnRoute };

// An origin no page has: a candidate that resolves elsewhere names another host.
const appOrigin = 'https://coach.invalid';

// Printable ASCII only: the browser percent-encodes anything else in a path, query and hash, and
// URL parsers silently drop tabs and newlines ('/\t/evil.example' reads as '//evil.example').
const printable = /^[\x21-\x7e]*$/;

function isPlainSegment(segment: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    return false;
  }
  return printable.test(decoded) && !decoded.includes('/') && !decoded.includes('\\');
}

/**
 * Where a sign-in may send the coach (no open redirect): a path of one of the app's signed-in
 * routes ('/clients', '/clients/:id', a profile's group, '/settings', '/queue') with its query and hash, or null for anything
 * else: another host ('//evil.example', '/\evil.example', 'https://evil.example'), another scheme
 * ('javascript:'), an encoded separator in a segment ('/%2F%2Fevil.example', '/%5Cevil'), a page
 * outside the signed-in routes, or a value over {@link maxReturnPathLength} characters.
 */
export function toReturnPath(candidate: string | null | undefined): ReturnPath | null {
  if (!candidate || candidate.length > maxReturnPathLength) return null;
  if (!printable.test(candidate) || candidate.includes('\\')) return null;
  if (!candidate.startsWith('/') || candidate.startsWith('//')) return null;
  let url: URL;
  try {
    url = new URL(candidate, appOrigin);
  } catch {
    return null;
  }
  if (url.origin !== appOrigin) return null;
  if (!url.pathname.split('/').every(isPlainSegment)) return null;
  const route = returnRoutes.find((pattern) => matchPath(pattern, url.pathname)) ?? groupRoute(url);
  if (!route) return null;
  return { href: `${url.pathname}${url.search}${url.hash}`, route };
}

/** A profile's group ('/clients/:id/activity', one of its groups only) opens the profile's route. */
function groupRoute(url: URL): ReturnRoute | undefined {
  const group = matchPath(paths.clientGroup, url.pathname)?.params.group;
  return group !== undefined && (clientProfileGroups as readonly string[]).includes(group)
    ? paths.client
    : undefined;
}

/** The return path a sign-in page's query carries (`?next=`), or null. */
export function returnPathOf(search: string): ReturnPath | null {
  return toReturnPath(new URLSearchParams(search).get(returnPathParameter));
}

/** Where a signed-in coach goes from a sign-in page: the return path, or '/clients'. */
export function returnHref(returnPath: ReturnPath | null): string {
  return returnPath?.href ?? defaultReturnPath;
}

/** A sign-in page's address that keeps the return path (none for the default, '/clients'). */
export function withReturnPath(pathname: string, returnPath: ReturnPath | null): string {
  if (!returnPath || returnPath.href === defaultReturnPath) return pathname;
  const query = new URLSearchParams({ [returnPathParameter]: returnPath.href });
  return `${pathname}?${query}`;
}
