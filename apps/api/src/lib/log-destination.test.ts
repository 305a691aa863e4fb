import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { BlockLogDestination } from './log-destination.ts';

describe('BlockLogDestination', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'log-destination-'));
  const file = path.join(dir, 'out.log');
  let fd: number | undefined;
  afterEach(() => {
    if (fd !== undefined) closeSync(fd);
    fd = undefined;
    rmSync(file, { force: true });
  });
  const open = () => {
    fd = openSync(file, 'w');
    return new BlockLogDestination(fd);
  };
  const written = () => readFileSync(file, 'utf8');

  it('holds a few lines back briefly, then writes them without another line coming', async () => {
    const destination = open();
    destination.write('{"msg":"one"}\n');
    destination.write('{"msg":"two"}\n');
    expect(written()).toBe('');
    await delay(400);
    expect(written()).toBe('{"msg":"one"}\n{"msg":"two"}\n');
  });

  it('writes a full block at once, in order, and the rest on flushSync', async () => {
    const destination = open();
    const lines = Array.from({ length: 200 }, (_, i) => `{"msg":"line ${i}","pad":"${'x'.repeat(40)}"}\n`);
    for (const line of lines) destination.write(line);
    await delay(20);
    const early = written();
    expect(early.length).toBeGreaterThan(0);
    expect(lines.join('').startsWith(early)).toBe(true);
    destination.flushSync();
    expect(written()).toBe(lines.join(''));
  });

  it('writes the lines still waiting when the process exits', () => {
    // A process that logs and exits at once (a failed start, a CLI command): its last lines are in no block yet.
    const module = new URL('./log-destination.ts', import.meta.url).href;
    const script = `
      import { openSync } from 'node:fs';
      const { BlockLogDestination } = await import(${JSON.stringify(module)});
      const destination = new BlockLogDestination(openSync(${JSON.stringify(file)}, 'w'));
      for (let i = 0; i < 3; i++) destination.write('{"msg":"last ' + i + '"}\\n');
      process.exit(1);`;
    expect(() => execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script])).toThrow();
    expect(written()).toBe('{"msg":"last 0"}\n{"msg":"last 1"}\n{"msg":"last 2"}\n');
  });
});
