import { spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { setPriority } from 'node:os';
import path from 'node:path';

/** Debian's programs the demo lessons are made with (`apt-get install ffmpeg espeak-ng`). */
export interface MediaTools {
  ffmpeg: string;
  ffprobe: string;
  espeak: string;
}

const PROGRAMS = { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe', espeak: 'espeak-ng' } as const;

export type FoundTools = { ok: true; tools: MediaTools } | { ok: false; missing: string[] };

/** Looks the programs up on PATH (or `searchPath`) without running them. */
export async function findMediaTools(searchPath = process.env.PATH ?? ''): Promise<FoundTools> {
  const found = await findPrograms(PROGRAMS, searchPath);
  return found.ok ? { ok: true, tools: found.tools } : found;
}

/** Finds each named program on the search path: its full path under the same name, or the missing ones. */
export async function findPrograms<Name extends string>(
  programs: Readonly<Record<Name, string>>,
  searchPath = process.env.PATH ?? '',
): Promise<{ ok: true; tools: Record<Name, string> } | { ok: false; missing: string[] }> {
  const dirs = searchPath.split(path.delimiter).filter(Boolean);
  const found: Partial<Record<Name, string>> = {};
  const missing: string[] = [];
  for (const [name, program] of Object.entries(programs) as Array<[Name, string]>) {
    for (const dir of dirs) {
      const candidate = path.join(dir, program);
      if (
        await access(candidate, constants.X_OK).then(
          () => true,
          () => false,
        )
      ) {
        found[name] = candidate;
        break;
      }
    }
    if (!found[name]) missing.push(program);
  }
  return missing.length === 0 ? { ok: true, tools: found as Record<Name, string> } : { ok: false, missing };
}

/** "ffmpeg, ffprobe and espeak-ng are" / "espeak-ng is": the missing programs in a sentence. */
export function missingTools(missing: string[]): string {
  const names = missing.length > 1 ? `${missing.slice(0, -1).join(', ')} and ${missing.at(-1)}` : (missing[0] ?? '');
  return `${names} ${missing.length > 1 ? 'are' : 'is'} not installed`;
}

export class ToolError extends Error {
  override name = 'ToolError';
}

/**
 * Runs a program to completion and returns its standard output. It runs at a lower priority (nice 10) than
 * the server, so requests keep being answered while a lesson is made on a machine with few cores.
 */
export function runTool(
  program: string,
  args: string[],
  options: {
    input?: string;
    signal?: AbortSignal;
    timeoutMs?: number;
    /** Sees the standard output as it arrives (ffmpeg's `-progress pipe:1`). */
    onOutput?: (chunk: Buffer) => void;
  } = {},
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      signal: options.signal,
      timeout: options.timeoutMs ?? 120_000,
    });
    if (child.pid) {
      try {
        setPriority(child.pid, 10);
      } catch {
        // not allowed here: run at normal priority
      }
    }
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => {
      out.push(chunk);
      options.onOutput?.(chunk);
    });
    child.stderr?.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', (error) => reject(error));
    child.on('close', (code, signal) => {
      if (code === 0) return resolve(Buffer.concat(out));
      const why = Buffer.concat(err).toString('utf8').trim().split('\n').slice(-3).join(' | ');
      reject(
        new ToolError(`${path.basename(program)} ${signal ? `was stopped (${signal})` : `exited ${code}`}: ${why}`),
      );
    });
    if (options.input !== undefined) child.stdin?.end(options.input);
  });
}
