import { accountSecurityLimits } from '@coach/domain';
import type { Transaction } from '../../db/index.ts';
import type { MailQueue } from '../../mail/outbox.ts';
import { wordingOf } from '../../texts/serverTexts.ts';
import type { RequestMeta } from './requestMeta.ts';
import { hmacHex, sameDigest } from './secrets.ts';
import type { SessionDeps } from './sessions.ts';
import { mailLanguageOfUser } from './users.ts';

// Security notices (issue 64): the owner is mailed, in their language and through the outbox (in
// the transaction of the change itself), when a factor is added or removed, recovery codes are
// made anew, the password changes, someone signs in with a mailed code past the failure ceiling,
// or wrong authenticator codes come from an unknown browser. Each says what, when and from which
// browser, never a secret, and ends with one link that ends every session and starts a reset.

/** What a security notice tells. */
export type SecurityNoticeKind =
  | 'passkeyAdded'
  | 'passkeyRemoved'
  | 'authenticatorAdded'
  | 'authenticatorRemoved'
  | 'recoveryCodesRegenerated'
  | 'passwordChanged'
  | 'signedInWithMailedCode'
  | 'wrongSecondStepCodes';

/** The kinds whose advice is to change the password, not 'if it was you, nothing to do'. */
const actNow = new Set<SecurityNoticeKind>(['wrongSecondStepCodes']);

const linkVersion = 'v1';

function linkMac(deps: SessionDeps, userId: string, expiresAt: number): string {
  return hmacHex(deps.options.codeSecret, `security link:${linkVersion}:${userId}:${expiresAt}`);
}

/**
 * The token of an 'it was not me' link for `userId`: the account and its expiry (7 days), under
 * the server's key. It names nothing secret; what it does (end every session, mail a reset code
 * to the owner) is what the owner would want whoever opens it.
 */
function securityLinkToken(deps: SessionDeps, userId: string, now: Date): string {
  const expiresAt = Math.floor(now.getTime() / 1000) + accountSecurityLimits.securityLinkSeconds;
  return `${linkVersion}.${userId}.${expiresAt}.${linkMac(deps, userId, expiresAt)}`;
}

/** The account a link's token names, when it is ours and not over; null otherwise. */
export function accountOfSecurityLink(deps: SessionDeps, token: string, now: Date): string | null {
  const [version, userId, expiry, mac, ...rest] = token.split('.');
  if (version !== linkVersion || !userId || !expiry || !mac || rest.length > 0) return null;
  const expiresAt = Number(expiry);
  if (!Number.isSafeInteger(expiresAt) || expiresAt * 1000 <= now.getTime()) return null;
  if (!/^[0-9a-f-]{36}$/.test(userId)) return null;
  return sameDigest(mac, linkMac(deps, userId, expiresAt)) ? userId : null;
}

/** The app's page of an 'it was not me' link. */
function securityLinkUrl(deps: SessionDeps, userId: string, now: Date): string {
  const url = new URL('/secure', deps.appUrl);
  url.searchParams.set('token', securityLinkToken(deps, userId, now));
  return url.toString();
}

/**
 * Queues a security notice of `kind` to `owner` in `tx` (sent once `tx` commits: call
 * `mail.wake()` after). `count` fills the texts that count.
 */
export async function queueSecurityNotice(
  tx: Transaction,
  deps: SessionDeps,
  mail: MailQueue,
  owner: { id: string; email: string },
  kind: SecurityNoticeKind,
  meta: RequestMeta,
  now: Date,
  count = 0,
): Promise<void> {
  const { language, texts, fill } = wordingOf(
    await mailLanguageOfUser(tx, deps.organisationId, owner.id),
  );
  const words = texts.security;
  const when = new Intl.DateTimeFormat(language, {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(now);
  const paragraphs = [
    fill(words.what[kind], { count }),
    [
      fill(words.when, { when }),
      fill(words.from, { browser: meta.browser ?? words.unknownBrowser }),
    ].join('\n'),
    actNow.has(kind)
      ? `${words.changePassword}\n${securityLinkUrl(deps, owner.id, now)}`
      : `${words.ifItWasYou} ${words.ifNotYou}\n${securityLinkUrl(deps, owner.id, now)}`,
  ];
  await mail.add(tx, {
    to: owner.email,
    subject: words.subjects[kind],
    text: paragraphs.join('\n\n'),
  });
}
