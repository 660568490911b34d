import type { FastifyReply, FastifyRequest } from 'fastify';
import { hmacHex, sameDigest, sha256Hex } from '../secrets.ts';
import type { SessionDeps } from '../sessions.ts';

// Known browsers (issue 64): a browser in which the account passed a second factor keeps a cookie
// naming the account (HttpOnly, so no script reads it; SameSite=Strict; only on the auth
// service's paths). Its second-step tries then count in a bucket of its own, so strangers who know
// the password, guessing from browsers of theirs, never refuse the owner's right code or passkey
// in the owner's browser; the strangers share the account's strict budget instead.

/** The cookie's name. */
export const knownBrowserCookie = 'coach_known_browser';

/** How long a browser stays known after its last second factor: a year. */
const knownForSeconds = 365 * 24 * 60 * 60;

const version = 'v1';

const macOf = (deps: SessionDeps, userId: string, issuedAt: number) =>
  hmacHex(deps.options.codeSecret, `known browser:${version}:${userId}:${issuedAt}`);

/** The caller's browser as the second factors see it: known to `userId`, and its bucket's key. */
export type BrowserOfCaller = { cookie: string | null };

/** The known-browser cookie the request carries, if any (not yet checked). */
export function browserOf(request: FastifyRequest): BrowserOfCaller {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === knownBrowserCookie) return { cookie: value.join('=').slice(0, 256) };
  }
  return { cookie: null };
}

/**
 * The key of the browser's own bucket when its cookie is one of ours for `userId` and not over;
 * null for any other browser (a stranger's, or the owner's on a new device).
 */
export function knownBrowserKey(
  deps: SessionDeps,
  browser: BrowserOfCaller,
  userId: string,
  now: Date,
): string | null {
  if (!browser.cookie) return null;
  const [tokenVersion, owner, issued, mac, ...rest] = browser.cookie.split('.');
  if (tokenVersion !== version || owner !== userId || !issued || !mac || rest.length > 0) {
    return null;
  }
  const issuedAt = Number(issued);
  if (!Number.isSafeInteger(issuedAt)) return null;
  const ageSeconds = now.getTime() / 1000 - issuedAt;
  if (ageSeconds < -300 || ageSeconds > knownForSeconds) return null;
  if (!sameDigest(mac, macOf(deps, userId, issuedAt))) return null;
  return sha256Hex(browser.cookie).slice(0, 32);
}

/**
 * Marks the browser of `reply` as known to `userId` from now (a second factor passed in it):
 * Secure when the app is served over HTTPS.
 */
export function rememberBrowser(
  deps: SessionDeps,
  reply: FastifyReply,
  userId: string,
  now: Date,
): void {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const value = `${version}.${userId}.${issuedAt}.${macOf(deps, userId, issuedAt)}`;
  const secure = deps.appUrl.startsWith('https:') ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${knownBrowserCookie}=${value}; Max-Age=${knownForSeconds}; Path=/api/auth; HttpOnly; SameSite=Strict${secure}`,
  );
}
