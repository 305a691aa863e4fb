/**
 * The kinds and sizes of file a lesson may offer for download (issue 18), free of zod so the browser imports
 * them without the schemas (decision 013).
 */

/** The largest resource a lesson carries: 100 MiB. */
export const MAX_RESOURCE_BYTES = 100 * 1024 ** 2;

/** The kinds of file a lesson may offer, by extension, and the Content-Type each is served with. */
export const RESOURCE_TYPES = {
  '.ipynb': 'application/x-ipynb+json',
  '.pdf': 'application/pdf',
  '.csv': 'text/csv',
  '.json': 'application/json',
  '.txt': 'text/plain',
  '.md': 'text/markdown',
  '.zip': 'application/zip',
  '.parquet': 'application/vnd.apache.parquet',
} as const;
export type ResourceExtension = keyof typeof RESOURCE_TYPES;
export const RESOURCE_EXTENSIONS = Object.keys(RESOURCE_TYPES) as ResourceExtension[];

/** The extension of a file name when it is one a lesson may offer (case-insensitive), else null. */
export function resourceExtensionOf(fileName: string): ResourceExtension | null {
  const dot = fileName.lastIndexOf('.');
  const ext = dot >= 0 ? fileName.slice(dot).toLowerCase() : '';
  return ext in RESOURCE_TYPES ? (ext as ResourceExtension) : null;
}

/** A browser's file name made fit for `resourceFileNameSchema` ('Week 1: RAG.ipynb' → 'Week 1- RAG.ipynb'). */
export function safeResourceFileName(name: string): string {
  const ext = resourceExtensionOf(name) ?? '';
  const base = name
    .slice(0, name.length - ext.length)
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9 ._()-]+/g, '-')
    .replace(/^[.\s-]+/, '')
    .trim()
    .slice(0, 120 - ext.length);
  return `${base || 'file'}${ext}`;
}
