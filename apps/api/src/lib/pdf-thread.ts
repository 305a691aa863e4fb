import { Worker } from 'node:worker_threads';

/**
 * Draws PDFs on a worker thread of their own, so the event loop keeps answering while pdfkit lays out a page and
 * subsets its fonts: 60–300 ms of CPU per invoice or certificate on the 2-core development machine, seconds when
 * the machine is busy, during which every other request of the process waited (decision 046).
 *
 * One worker, started by the first drawing and stopped after a quiet minute (alive, it adds about 77 MB of resident
 * memory: its own heap, pdfkit and the modules the drawings import).
 * Drawings queue in it one after another. If the worker cannot start or dies, the drawing is done on the calling
 * thread instead (`drawHere`), as before: a PDF is never refused because of the thread it would have been drawn on.
 * A drawing the worker answers with an error (its input) fails as it would have on this thread, without a retry.
 */
export type PdfJob = { kind: 'invoice'; input: unknown } | { kind: 'certificate'; input: unknown };

export interface PdfThread {
  /** `job` drawn on the worker, or on this thread when the worker is unavailable. */
  draw(job: PdfJob): Promise<Buffer>;
  /** The running worker's thread id, or null while none runs. */
  threadId(): number | null;
  close(): Promise<void>;
}

interface Answer {
  id: number;
  pdf?: Uint8Array;
  error?: string;
}

const IDLE_MS = 60_000;

/** Where the worker's code is: a bundled script, or TypeScript source loaded through tsx (development, tests). */
export interface PdfWorkerEntry {
  url: URL;
  typescript: boolean;
}

/** The worker's entry beside the server: dist/pdf-worker.js once bundled (this file is inlined in dist/server.js). */
function defaultEntry(): PdfWorkerEntry {
  const typescript = import.meta.url.endsWith('.ts');
  return typescript
    ? { url: new URL('../pdf-worker.ts', import.meta.url), typescript }
    : { url: new URL('./pdf-worker.js', import.meta.url), typescript };
}

/** From source, the worker registers tsx's loader in itself first: a worker does not inherit its parent's hooks. */
function spawn(entry: PdfWorkerEntry): Worker {
  if (!entry.typescript) return new Worker(entry.url);
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.url.href)}); })`;
  return new Worker(boot, { eval: true });
}

/** A drawing that failed in the worker: the job's own error, not the worker's. */
class PdfDrawingError extends Error {}

export function createPdfThread(
  drawHere: (job: PdfJob) => Promise<Buffer>,
  options: { entry?: PdfWorkerEntry; idleMs?: number; onFallback?: (error: unknown) => void } = {},
): PdfThread {
  const entry = options.entry ?? defaultEntry();
  const idleMs = options.idleMs ?? IDLE_MS;
  let worker: Worker | null = null;
  let nextId = 1;
  const waiting = new Map<number, { resolve(pdf: Buffer): void; reject(error: Error): void }>();
  let idleTimer: NodeJS.Timeout | null = null;

  const stopWhenIdle = () => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    if (waiting.size > 0 || !worker) return;
    const idle = worker;
    // An idle worker does not keep the process alive; while it draws, it does (a script awaiting a PDF).
    idle.unref();
    idleTimer = setTimeout(() => {
      if (worker === idle && waiting.size === 0) {
        worker = null;
        void idle.terminate();
      }
    }, idleMs);
    idleTimer.unref();
  };

  const failAll = (error: Error) => {
    for (const pending of waiting.values()) pending.reject(error);
    waiting.clear();
  };

  const start = () => {
    const started = spawn(entry);
    started.on('message', (answer: Answer) => {
      const pending = waiting.get(answer.id);
      if (!pending) return;
      waiting.delete(answer.id);
      if (answer.pdf) pending.resolve(Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength));
      else pending.reject(new PdfDrawingError(answer.error ?? 'the PDF worker answered without a PDF'));
      stopWhenIdle();
    });
    started.on('error', (error) => {
      if (worker === started) worker = null;
      failAll(error);
    });
    started.on('exit', (code) => {
      if (worker === started) worker = null;
      failAll(new Error(`the PDF worker exited (code ${code})`));
    });
    return started;
  };

  const onWorker = (job: PdfJob) =>
    new Promise<Buffer>((resolve, reject) => {
      worker ??= start();
      worker.ref();
      if (idleTimer) clearTimeout(idleTimer);
      idleTimer = null;
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, ...job });
    });

  return {
    async draw(job) {
      try {
        return await onWorker(job);
      } catch (error) {
        if (error instanceof PdfDrawingError) throw error;
        options.onFallback?.(error);
        return drawHere(job);
      }
    },
    threadId: () => worker?.threadId ?? null,
    async close() {
      if (idleTimer) clearTimeout(idleTimer);
      const running = worker;
      worker = null;
      if (running) await running.terminate();
    },
  };
}
