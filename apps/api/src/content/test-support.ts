import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot } from '../paths.ts';
import { ContentError, loadCatalogue } from './load.ts';

/** Test-only: a scratch copy of content/ that a test may edit, and its course files read and written as JSON. */
export type ContentCopy = ReturnType<typeof copyOfContent>;

export function copyOfContent(prefix: string) {
  const dir = mkdtempSync(path.join(tmpdir(), `kaushal-${prefix}-`));
  cpSync(path.join(repoRoot, 'content'), dir, { recursive: true });
  const courseFile = (id: string) => path.join(dir, 'courses', `${id}.json`);
  return {
    dir,
    /** Untyped on purpose: a test may break any field of it. */
    readCourse: (id: string) => JSON.parse(readFileSync(courseFile(id), 'utf8')),
    writeCourse: (id: string, data: unknown) => writeFileSync(courseFile(id), JSON.stringify(data)),
  };
}

/** What loading the content folder reports as wrong (empty when it loads). */
export async function contentProblems(dir: string): Promise<string[]> {
  try {
    await loadCatalogue(dir);
    return [];
  } catch (error) {
    if (error instanceof ContentError) return error.problems;
    throw error;
  }
}
