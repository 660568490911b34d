import type { PassThrough } from 'node:stream';

/** Who opens a stream. */
export type StreamOwner = {
  coachId: string;
  userId: string;
  sessionId: string;
  address: string;
};

/** One open stream: its body, and how to end it. */
export type LiveStream = StreamOwner & { body: PassThrough; close: () => void };

/** The open streams of this process by session, and how many come from each address. */
export class StreamIndex {
  readonly #ofSession = new Map<string, Set<LiveStream>>();
  readonly #ofAddress = new Map<string, number>();

  add(stream: LiveStream) {
    const ofSession = this.#ofSession.get(stream.sessionId) ?? new Set();
    ofSession.add(stream);
    this.#ofSession.set(stream.sessionId, ofSession);
    this.#ofAddress.set(stream.address, (this.#ofAddress.get(stream.address) ?? 0) + 1);
  }

  remove(stream: LiveStream) {
    const ofSession = this.#ofSession.get(stream.sessionId);
    ofSession?.delete(stream);
    if (ofSession?.size === 0) this.#ofSession.delete(stream.sessionId);
    const ofAddress = (this.#ofAddress.get(stream.address) ?? 1) - 1;
    if (ofAddress > 0) this.#ofAddress.set(stream.address, ofAddress);
    else this.#ofAddress.delete(stream.address);
  }

  /** The streams of a session (closing one while going through them is safe). */
  ofSession(sessionId: string): Iterable<LiveStream> {
    return this.#ofSession.get(sessionId) ?? [];
  }

  countOfAddress(address: string): number {
    return this.#ofAddress.get(address) ?? 0;
  }
}
