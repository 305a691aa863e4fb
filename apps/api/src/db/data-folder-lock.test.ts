import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { currentHolder, DataFolderBusy, lockDataFolder, lockFile } from './data-folder-lock.ts';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'kaushal-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The pid of a process that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(String(child.stdout));
}

describe('the data folder lock', () => {
  it('names its holder and the server address, and is gone once released', () => {
    const dir = freshDir();
    const lock = lockDataFolder(dir, 'server');
    lock.setUrl('http://127.0.0.1:3000');
    expect(JSON.parse(readFileSync(lockFile(dir), 'utf8'))).toMatchObject({
      pid: process.pid,
      holder: 'server',
      url: 'http://127.0.0.1:3000',
    });
    // This process does not count as another holder.
    expect(currentHolder(dir)).toBeNull();
    lock.release();
    expect(existsSync(lockFile(dir))).toBe(false);
  });

  it('refuses while another live process holds the folder, naming it', () => {
    const dir = freshDir();
    const other = { pid: process.ppid, holder: 'server', since: new Date().toISOString(), url: 'http://127.0.0.1:1' };
    writeFileSync(lockFile(dir), JSON.stringify(other));
    expect(currentHolder(dir)).toEqual(other);
    expect(() => lockDataFolder(dir, 'restore')).toThrow(DataFolderBusy);
    expect(() => lockDataFolder(dir, 'restore')).toThrow(`process ${process.ppid}, http://127.0.0.1:1`);
    // Not taken over: still the other's.
    expect(JSON.parse(readFileSync(lockFile(dir), 'utf8'))).toEqual(other);
  });

  it('takes over a lock whose process is gone (killed, power cut) or that cannot be read', () => {
    const dir = freshDir();
    writeFileSync(lockFile(dir), JSON.stringify({ pid: deadPid(), holder: 'server', since: '' }));
    expect(currentHolder(dir)).toBeNull();
    lockDataFolder(dir, 'backup').release();
    writeFileSync(lockFile(dir), 'not json');
    const lock = lockDataFolder(dir, 'backup');
    expect(JSON.parse(readFileSync(lockFile(dir), 'utf8')).holder).toBe('backup');
    lock.release();
  });

  it('leaves a lock that is no longer its own in place when released', () => {
    const dir = freshDir();
    const lock = lockDataFolder(dir, 'seed');
    const other = { pid: process.ppid, holder: 'server', since: '' };
    writeFileSync(lockFile(dir), JSON.stringify(other));
    lock.release();
    expect(JSON.parse(readFileSync(lockFile(dir), 'utf8'))).toEqual(other);
  });
});
