import { clientPath } from '../navigation/index.ts';

/**
 * The URL parameter that says a profile is walked as the attention queue (`/clients/abc?queue=1`,
 * the list's view beside it): the composer takes the focus on each client it opens.
 */
export const queueParam = 'queue';

/** Whether an address's query says the profile is walked as the attention queue. */
export const isQueueWalk = (search: string | URLSearchParams) =>
  new URLSearchParams(search).get(queueParam) === '1';

/**
 * The profile of a client of the queue: the list's view parameters (its filter and order, so
 * the queue follows the list the coach came from) and `queue=1`.
 */
export function queueHref(clientId: string, viewParams: URLSearchParams): string {
  const params = new URLSearchParams(viewParams);
  params.set(queueParam, '1');
  return `${clientPath(clientId)}?${params.toString()}`;
}
