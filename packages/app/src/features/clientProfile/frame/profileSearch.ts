/**
 * The address parameter that says the profile is walked as the attention queue
 * (`/clients/abc?queue=1`): the composer takes the focus on each client it opens.
 */
export const queueParameter = 'queue';

/** Whether the profile's address says it is walked as the attention queue. */
export const isQueueWalk = (search: string) => new URLSearchParams(search).has(queueParameter);
