import { open, readFile } from 'node:fs/promises';
import type { ResourceExtension } from '@kaushal/contract';

/**
 * Checks that an uploaded resource is the kind of file its name says, from its bytes: a notebook is nbformat
 * JSON, a PDF, ZIP or Parquet file starts (and a Parquet file ends) with its signature, JSON parses, and text
 * (CSV, plain text, Markdown) is UTF-8 without NUL bytes. A learner opening the download gets what it claims.
 */
export type ResourceCheck = { ok: true } | { ok: false; detail: string };

const ok: ResourceCheck = { ok: true };
const refuse = (detail: string): ResourceCheck => ({ ok: false, detail });

async function headAndTail(file: string, size: number, bytes: number): Promise<{ head: Buffer; tail: Buffer }> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(Math.min(bytes, size));
    const tail = Buffer.alloc(Math.min(bytes, size));
    await handle.read(head, 0, head.length, 0);
    await handle.read(tail, 0, tail.length, Math.max(0, size - tail.length));
    return { head, tail };
  } finally {
    await handle.close();
  }
}

function utf8Text(bytes: Buffer): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

function checkNotebook(text: string): ResourceCheck {
  const notAnotebook =
    'This is not a Jupyter notebook: save it from Jupyter as an .ipynb file (nbformat 4) and upload that.';
  let notebook: unknown;
  try {
    notebook = JSON.parse(text);
  } catch {
    return refuse(notAnotebook);
  }
  if (typeof notebook !== 'object' || notebook === null || Array.isArray(notebook)) return refuse(notAnotebook);
  const { nbformat, nbformat_minor: minor, cells, metadata } = notebook as Record<string, unknown>;
  if (typeof nbformat !== 'number' || typeof minor !== 'number') return refuse(notAnotebook);
  if (nbformat !== 4) {
    return refuse(
      `This notebook is in nbformat ${nbformat}: open it in a current Jupyter and save it (nbformat 4) first.`,
    );
  }
  if (!Array.isArray(cells) || typeof metadata !== 'object' || metadata === null) return refuse(notAnotebook);
  const cellTypes = new Set(['code', 'markdown', 'raw']);
  const badCell = cells.findIndex(
    (cell: unknown) =>
      typeof cell !== 'object' ||
      cell === null ||
      !cellTypes.has(String((cell as { cell_type?: unknown }).cell_type)) ||
      !('source' in cell),
  );
  if (badCell >= 0) return refuse(`This notebook's cell ${badCell + 1} is not a valid cell (nbformat 4).`);
  return ok;
}

/** Reads the stored upload (at most 100 MB, staff only) and decides whether it is what `ext` says. */
export async function checkResourceFile(file: string, ext: ResourceExtension, size: number): Promise<ResourceCheck> {
  switch (ext) {
    case '.pdf': {
      const { head } = await headAndTail(file, size, 8);
      return head.subarray(0, 5).toString('latin1') === '%PDF-' ? ok : refuse('This file is not a PDF.');
    }
    case '.zip': {
      const { head } = await headAndTail(file, size, 4);
      const magic = head.toString('latin1');
      return magic === 'PK\x03\x04' || magic === 'PK\x05\x06' ? ok : refuse('This file is not a ZIP archive.');
    }
    case '.parquet': {
      const { head, tail } = await headAndTail(file, size, 4);
      return size >= 12 && head.toString('latin1') === 'PAR1' && tail.toString('latin1') === 'PAR1'
        ? ok
        : refuse('This file is not a Parquet file (it should begin and end with PAR1).');
    }
    case '.ipynb':
    case '.json':
    case '.csv':
    case '.txt':
    case '.md': {
      const text = utf8Text(await readFile(file));
      if (text === null || text.includes('\0')) {
        return refuse('This file is not UTF-8 text: save it as UTF-8 and upload it again.');
      }
      if (ext === '.ipynb') return checkNotebook(text);
      if (ext === '.json') {
        try {
          JSON.parse(text);
        } catch {
          return refuse('This file is not valid JSON.');
        }
      }
      return ok;
    }
  }
}
