import { clientPath } from '../navigation/index.ts';

/** The URL parameter that says a profile is walked as the attention queue. */
export const queueParam = 'queue';

/**
 * The profile of a client of the queue: the list's view parameters (its filter and order, so
 * the queue follows the list the coach came from) and `queue=1`.
 */
export function queueHref(clientId: string, viewParams: URLSearchParams): string {
  const params = new URLSearchParams(viewParams);
  params.set(queueParam, '1');
  return `${clientPath(clientId)}?${params.toString()}`;
}
