// A report renderer thread (see ../../../workerPool.ts): report content in, PDF bytes out.
import { serveWorkerJobs } from '../../../workerPool.ts';
import { renderReportPdf } from './renderPdf.ts';
import type { ReportContent } from './reportDocument.ts';

serveWorkerJobs<ReportContent, Uint8Array>(renderReportPdf, (bytes) => [
  bytes.buffer as ArrayBuffer,
]);
