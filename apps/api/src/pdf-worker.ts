import { parentPort } from 'node:worker_threads';
import type { PdfJob } from './lib/pdf-thread.ts';
import { drawPdfJob } from './pdf-jobs.ts';

/**
 * The PDF thread's entry (lib/pdf-thread.ts; bundled as dist/pdf-worker.js): draws each job it is sent, one at a
 * time, and answers with the PDF's bytes or the error's message.
 */
parentPort?.on('message', async (message: PdfJob & { id: number }) => {
  try {
    const pdf = await drawPdfJob(message);
    parentPort?.postMessage({ id: message.id, pdf: new Uint8Array(pdf) });
  } catch (error) {
    parentPort?.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
});
