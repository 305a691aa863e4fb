/**
 * How a lesson's downloadable files read on the page (issue 18): their kind and size, and starting a download
 * from a signed link.
 */

const KINDS: Record<string, string> = {
  'application/x-ipynb+json': 'Jupyter notebook',
  'application/pdf': 'PDF',
  'text/csv': 'CSV',
  'application/json': 'JSON',
  'text/plain': 'Text',
  'text/markdown': 'Markdown',
  'application/zip': 'ZIP archive',
  'application/vnd.apache.parquet': 'Parquet dataset',
};

/** 'Jupyter notebook', 'PDF', …; 'File' for a type the page does not name. */
export const resourceKind = (contentType: string) => KINDS[contentType] ?? 'File';

const decimal = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 1 });

/** 850 bytes, 12 KB, 1.4 MB (powers of 1024, as file managers show them). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes < 1024 ** 2) return `${Math.round(bytes / 1024)} KB`;
  return `${decimal.format(bytes / 1024 ** 2)} MB`;
}

/**
 * Saves the file at `url` (a signed link the API answers with Content-Disposition: attachment): a link
 * clicked in the page, so the browser downloads it with the session cookie and the page stays where it is.
 */
export function startDownload(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}
