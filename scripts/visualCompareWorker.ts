// The snapshot check's pixel comparison, in a worker thread of the story tests
// (.storybook/test-runner.ts). Decoding two 1280 x 800 PNGs and comparing them takes about 50 ms
// in plain Node but about a second inside Jest's module sandbox, where every story test runs:
// a render that differs from its baseline in bytes only (the same pixels, encoded apart) cost a
// second of CPU. Here, outside the sandbox, it costs what it costs in Node.
import { parentPort } from 'node:worker_threads';
import { matchesBaseline } from './visualTolerance.ts';

/** One comparison asked of the worker; the answer carries the same `id`. */
export type CompareRequest = { id: number; image: Uint8Array; baseline: Uint8Array };
export type CompareAnswer = { id: number; matched: boolean } | { id: number; error: string };

const asBuffer = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

parentPort?.on('message', ({ id, image, baseline }: CompareRequest) => {
  let answer: CompareAnswer;
  try {
    answer = { id, matched: matchesBaseline(asBuffer(image), asBuffer(baseline)) };
  } catch (error) {
    answer = { id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(answer);
});
