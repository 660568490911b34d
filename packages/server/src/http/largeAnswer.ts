import type { Server } from 'node:http';
import { Readable } from 'node:stream';
import { messages } from '@coach/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../domainError.ts';
import { leaveAdmission } from './admission.ts';
import { clientAddressKey } from './clientAddress.ts';
import { defaultHttpLimits, type HttpLimits } from './limits.ts';

// A large answer (a profile picture up to 7 MB, a PDF report) read whole and sent in one piece
// stays whole in the process until its client has read it: clients that ask and never read held
// their megabytes each. So a stored blob is streamed: read from the database a chunk at a time,
// the next one only once the socket has taken the one before (a stalled client stops the reads),
// which bounds what one connection holds to about two chunks; and the large answers under way in
// the process are capped, which bounds them all. The stall rule (sendRate.ts) closes those that
// make no progress. The app's static files need none of this: @fastify/static streams them from
// disk in 64 KiB reads with the same backpressure, and the stall rule covers them as well.

/** A stored blob to answer: its size, its first bytes, and how to read the rest. */
export type StoredBlob = {
  byteSize: number;
  /** The first bytes (up to one chunk), read with the blob's description: all of a small blob. */
  head: Uint8Array;
  /**
   * Bytes `offset` to `offset + length` of the same blob, or undefined when it has changed or
   * gone since its head was read (then the answer is cut short).
   */
  readChunk(offset: number, length: number): Promise<Uint8Array | undefined>;
};

type LargeAnswerLimits = Pick<
  HttpLimits,
  'largeAnswerChunkBytes' | 'maxLargeAnswers' | 'maxLargeAnswersPerAddress'
>;

/** A server's large answers under way, in all and by client address, and their limits. */
type LargeAnswers = {
  limits: LargeAnswerLimits;
  underWay: number;
  byAddress: Map<string, number>;
};

/** Per server (a test process runs several). */
const registry = new WeakMap<Server, LargeAnswers>();

/** Sets the limits of the large answers of `app` (the product's by default). */
export function registerLargeAnswers(
  app: FastifyInstance,
  limits: LargeAnswerLimits,
): { underWay(): number } {
  const answers: LargeAnswers = { limits, underWay: 0, byAddress: new Map() };
  registry.set(app.server, answers);
  return { underWay: () => answers.underWay };
}

function answersOf(request: FastifyRequest) {
  const server = request.server.server;
  let answers = registry.get(server);
  if (!answers) {
    answers = { limits: defaultHttpLimits, underWay: 0, byAddress: new Map() };
    registry.set(server, answers);
  }
  return answers;
}

/** The bytes read at a time: a store reads a blob's head with its description by this. */
export function largeAnswerChunkBytes(request: FastifyRequest): number {
  return answersOf(request).limits.largeAnswerChunkBytes;
}

const addressBusy = () =>
  new DomainError('rate_limited', messages.tooManyRequestsFromAddress, { retryAfterSeconds: 5 });

const busy = () =>
  new DomainError(
    'server_busy',
    'Too many large downloads are under way, please try again shortly',
    {
      retryAfterSeconds: 5,
    },
  );

/**
 * Answers `blob` (the reply's type and other headers set by the caller) with its Content-Length:
 * a blob of one chunk in one piece, a larger one streamed (see the top of this file), which gives
 * the request's admission slot back as it starts, since the rest goes at the client's pace.
 * Throws the 503 of a busy server when the process has its most large answers under way.
 */
export function sendLargeAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  blob: StoredBlob,
): FastifyReply {
  const answers = answersOf(request);
  const { largeAnswerChunkBytes: chunkBytes, maxLargeAnswers } = answers.limits;
  const { head } = blob;
  if (head.byteLength >= blob.byteSize) {
    return reply.send(Buffer.from(head.buffer, head.byteOffset, head.byteLength));
  }
  if (answers.underWay >= maxLargeAnswers) throw busy();
  const address = clientAddressKey(request.ip);
  const ofAddress = answers.byAddress.get(address) ?? 0;
  if (ofAddress >= answers.limits.maxLargeAnswersPerAddress) throw addressBusy();
  answers.underWay += 1;
  answers.byAddress.set(address, ofAddress + 1);
  // A stream gets no length from Fastify: the client learns it, and a cut answer shows as one.
  reply.header('Content-Length', blob.byteSize);
  // Counted until the connection has taken every byte or closed.
  reply.raw.once('close', () => {
    answers.underWay -= 1;
    const left = (answers.byAddress.get(address) ?? 1) - 1;
    if (left > 0) answers.byAddress.set(address, left);
    else answers.byAddress.delete(address);
  });
  leaveAdmission(request);
  return reply.send(blobStream(blob, chunkBytes));
}

/** The blob's bytes, a chunk read only when the one before has been taken. */
function blobStream(blob: StoredBlob, chunkBytes: number): Readable {
  let offset = 0;
  return new Readable({
    // Nothing read ahead: the chunk being sent is all a connection holds.
    highWaterMark: 0,
    read() {
      if (offset === 0) {
        offset = blob.head.byteLength;
        this.push(blob.head);
        return;
      }
      if (offset >= blob.byteSize) {
        this.push(null);
        return;
      }
      const length = Math.min(chunkBytes, blob.byteSize - offset);
      blob.readChunk(offset, length).then(
        (bytes) => {
          if (bytes?.byteLength !== length) {
            this.destroy(new Error('the stored blob changed while it was being sent'));
            return;
          }
          offset += length;
          this.push(bytes);
        },
        (error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))),
      );
    },
  });
}
