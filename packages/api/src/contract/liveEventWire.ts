// The live event stream's wire names, apart from its schemas: the API client sends the header with
// the sign-in route's code, which must not carry the contract's schemas (see e2e/firstLoad).

/** The content type of the stream's answer. */
export const liveEventsContentType = 'text/event-stream';

/** The header a resuming stream names the last event id it saw in (as `EventSource` does). */
export const lastEventIdHeader = 'last-event-id';
