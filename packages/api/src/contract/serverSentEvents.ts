import { type LiveEvent, type LiveEventName, liveEventNames } from './liveEvents.ts';

// The wire format of the live event stream (the WHATWG server-sent events format, the part of it
// the stream uses): written by the server and the mocks, read by the app and the tests.

/** A heartbeat: a comment line, which keeps proxies from closing an idle stream. */
export const heartbeatComment = ': heartbeat\n\n';

/**
 * The opening of a stream: a comment, and an id line without data, which sets the reader's last
 * event id (the position to resume from) without dispatching an event.
 */
export function formatStreamOpening(id: string): string {
  return `: connected\nid: ${id}\n\n`;
}

/** One event with its id and JSON data. */
export function formatLiveEvent(event: LiveEvent): string {
  return `id: ${event.id}\nevent: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/** One message as the reader dispatches it. */
export type ServerSentMessage = { id: string; event: string; data: string };

/**
 * Reads the server-sent events format from text chunks: `push` answers the messages the chunk
 * completes. Comments are skipped; a message without data only sets `lastEventId`.
 */
export class ServerSentEventReader {
  #buffer = '';
  #event = '';
  #data: string[] = [];
  /** The id of the last message read (or of an id line alone), as `Last-Event-ID` sends it. */
  lastEventId = '';

  push(chunk: string): ServerSentMessage[] {
    this.#buffer += chunk;
    const messages: ServerSentMessage[] = [];
    let end = this.#buffer.search(/\r\n|\r|\n/);
    while (end >= 0) {
      const line = this.#buffer.slice(0, end);
      const breakLength = this.#buffer.startsWith('\r\n', end) ? 2 : 1;
      this.#buffer = this.#buffer.slice(end + breakLength);
      const message = this.#line(line);
      if (message) messages.push(message);
      end = this.#buffer.search(/\r\n|\r|\n/);
    }
    return messages;
  }

  #line(line: string): ServerSentMessage | null {
    if (line === '') {
      const data = this.#data;
      const event = this.#event || 'message';
      this.#data = [];
      this.#event = '';
      return data.length > 0 ? { id: this.lastEventId, event, data: data.join('\n') } : null;
    }
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'data') this.#data.push(value);
    else if (field === 'event') this.#event = value;
    else if (field === 'id' && !value.includes('\0')) this.lastEventId = value;
    return null;
  }
}

/** A live event read from a message, or null for a message of another name or bad data. */
export function liveEventOf(message: ServerSentMessage): LiveEvent | null {
  if (!liveEventNames.includes(message.event as LiveEventName)) return null;
  let data: unknown;
  try {
    data = JSON.parse(message.data);
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null) return null;
  return { id: message.id, event: message.event, data } as LiveEvent;
}

/**
 * The live events of a stream's body as they come, until it ends (the reader's `lastEventId`
 * is the position to resume from). Read with the body's reader, not `for await`: WebKit's
 * streams are not async iterable. A consumer that stops early cancels the body, as `for await`
 * would.
 */
export async function* readLiveEvents(
  body: ReadableStream<Uint8Array>,
  reader = new ServerSentEventReader(),
): AsyncGenerator<LiveEvent> {
  const decoder = new TextDecoder();
  const chunks = body.getReader();
  let isDone = false;
  try {
    while (true) {
      const { done, value } = await chunks.read();
      if (done) {
        isDone = true;
        return;
      }
      for (const message of reader.push(decoder.decode(value, { stream: true }))) {
        const event = liveEventOf(message);
        if (event) yield event;
      }
    }
  } finally {
    if (!isDone) await chunks.cancel().catch(() => {});
    chunks.releaseLock();
  }
}
