import type { BrowserContext } from 'playwright-core';
import type { ReceivedMail } from '../../packages/server/test/mailSink.ts';

/**
 * The secrets an e2e run used, gathered as they pass (passwords and codes the browser sent,
 * tokens the server answered, codes and links of the mails), so that the server's output can be
 * checked for every one of them when the product stops: no password, code or token in a log.
 */
export type SecretLedger = {
  /** Remembers a value that must never appear in the server's output. */
  add: (kind: string, value: unknown) => void;
  /** Watches a browser context's calls to the API. */
  watch: (context: BrowserContext) => void;
  /** Reads the codes and link tokens of the mails received so far. */
  addMails: (mails: readonly ReceivedMail[]) => void;
  /** The kinds of secret found in `output` (never the secrets themselves), in order. */
  foundIn: (output: string) => string[];
  size: () => number;
};

/** JSON fields whose values are secrets, in requests and answers. */
const secretFields = new Set([
  'password',
  'currentPassword',
  'newPassword',
  'code',
  'resetPasswordCode',
  'token',
  'accessToken',
  'refreshToken',
]);

/** Shortest value worth looking for: shorter ones would match by chance. */
const minLength = 6;

export function createSecretLedger(): SecretLedger {
  const secrets = new Map<string, string>();
  const add = (kind: string, value: unknown) => {
    if (typeof value === 'string' && value.length >= minLength) secrets.set(value, kind);
  };
  const addFields = (origin: string, body: unknown, depth = 0) => {
    if (body === null || typeof body !== 'object' || depth > 4) return;
    for (const [key, value] of Object.entries(body)) {
      if (secretFields.has(key)) add(`${key} (${origin})`, value);
      else addFields(origin, value, depth + 1);
    }
  };
  return {
    add,
    watch(context) {
      context.on('request', (request) => {
        if (!request.url().includes('/api/')) return;
        const body = request.postData();
        if (!body) return;
        try {
          addFields('sent by the browser', JSON.parse(body));
        } catch {
          // not JSON: a picture upload
        }
      });
      context.on('response', (response) => {
        if (!response.url().includes('/api/auth/')) return;
        if (!(response.headers()['content-type'] ?? '').startsWith('application/json')) return;
        response
          .json()
          .then((body) => addFields('answered by the server', body))
          .catch(() => {});
      });
    },
    addMails(mails) {
      for (const mail of mails) {
        for (const [, code] of mail.text.matchAll(/\bcode is (\d{6})\b/g)) add('mailed code', code);
        for (const [, token] of mail.text.matchAll(/[?&]token=([\w-]+)/g)) {
          add('mailed link token', token);
        }
      }
    },
    foundIn(output) {
      const found: string[] = [];
      for (const [value, kind] of secrets) {
        // Digits alone (codes) only as a whole number, not inside a longer one.
        const isNumber = /^\d+$/.test(value);
        const present = isNumber
          ? new RegExp(`(?<!\\d)${value}(?!\\d)`).test(output)
          : output.includes(value);
        if (present) found.push(kind);
      }
      // A JWT of any origin: three base64url parts, the first a JSON header.
      if (/eyJ[\w-]{10,}\.[\w-]{10,}\.[\w-]{10,}/.test(output)) found.push('a JWT');
      return found;
    },
    size: () => secrets.size,
  };
}
