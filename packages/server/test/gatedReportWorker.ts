// A report renderer for the tests: the real one, held at a gate the test opens. While held, the
// worker thread is blocked as a long render would block it, and the test can see how many jobs
// have started. Cells of the shared gate: [0] open (1) or shut (0), [1] jobs started.
import { workerData } from 'node:worker_threads';
import { renderReportPdf } from '../src/services/resource/reports/renderPdf.ts';
import type { ReportContent } from '../src/services/resource/reports/reportDocument.ts';
import { serveWorkerJobs } from '../src/workerPool.ts';

const cells = new Int32Array((workerData as { gate: SharedArrayBuffer }).gate);

serveWorkerJobs<ReportContent, Uint8Array>(
  async (content) => {
    Atomics.add(cells, 1, 1);
    // Bounded, so a test that never opens the gate still ends.
    Atomics.wait(cells, 0, 0, 60_000);
    return renderReportPdf(content);
  },
  (bytes) => [bytes.buffer as ArrayBuffer],
);
