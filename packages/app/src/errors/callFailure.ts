import { toApiError } from '@coach/api';
import type { TFunction } from 'i18next';
import { createElement, type ReactNode } from 'react';

/**
 * How a call failed, as far as the coach is concerned:
 * - `offline`: no answer and the browser says it has no network;
 * - `network`: no answer although the browser thinks it is online (server down, DNS, refused);
 * - `noAnswer`: the call gave up waiting (a timeout);
 * - `unavailable`: a proxy or the server said it cannot serve at all for now (502, 504, and a
 *   503 `service_unavailable`, which is also a 503 without the server's error body). A 503 with
 *   another code (`mail_failed`, `server_busy`) is the server answering about one task: `other`;
 * - `other`: the server answered with anything else (a refusal, a bug), or the app aborted it.
 */
export type CallFailureKind = 'offline' | 'network' | 'noAnswer' | 'unavailable' | 'other';

const gatewayStatuses = new Set([502, 504]);

type Failure = { name?: unknown; cause?: unknown } | null | undefined;

// A DOMException (the timeout's) is not always an Error: its name is read wherever it is.
function isTimeout(error: unknown): boolean {
  let cause = error as Failure;
  for (let depth = 0; cause && depth < 5; depth += 1, cause = cause.cause as Failure) {
    if (cause.name === 'TimeoutError') return true;
  }
  return false;
}

/** The one classification of a failed call (of the API client, or anything it threw). */
export function classifyCallFailure(
  error: unknown,
  isOnline: boolean = typeof navigator === 'undefined' || navigator.onLine,
): CallFailureKind {
  const { status, code } = toApiError(error);
  if (gatewayStatuses.has(status) || code === 'service_unavailable') return 'unavailable';
  if (status !== 0 || code === 'aborted') return 'other';
  if (!isOnline) return 'offline';
  return isTimeout(error) ? 'noAnswer' : 'network';
}

/** Whether the server could not be reached (or could not serve): trying again later may work. */
export function isServerUnreachable(error: unknown): boolean {
  return classifyCallFailure(error) !== 'other';
}

/**
 * The text for a failed call: the caller's own text (a spec text, a refusal), always, word for
 * word; when the server could not be reached, followed on a line of its own by 'The server could
 * not be reached, please try again'. Each is an element of its own, so either reads alone. They
 * sit in a `span`, not a fragment: a toast hands its own props (`closeToast`...) to a component
 * element it shows, and a fragment takes none.
 */
export function describeCallFailure(error: unknown, t: TFunction, otherwise: string): ReactNode {
  if (!isServerUnreachable(error)) return otherwise;
  return createElement(
    'span',
    null,
    createElement('span', { style: lineStyle }, otherwise),
    createElement('span', { style: lineStyle }, t('errors.serverUnreachable')),
  );
}

const lineStyle = { display: 'block' } as const;
