// Finds Debian's ffmpeg and espeak-ng for the narrated demo lesson tests; installs them with apt when missing and
// running as root (as scripts/chromium.mjs does for Chromium). Without them, and not root, those tests skip.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const PROGRAMS = { ffmpeg: 'ffmpeg', ffprobe: 'ffmpeg', 'espeak-ng': 'espeak-ng' };

const missing = () =>
  Object.keys(PROGRAMS).filter(
    (program) =>
      !(process.env.PATH ?? '').split(path.delimiter).some((dir) => dir && existsSync(path.join(dir, program))),
  );

export async function ensureMediaTools() {
  let absent = missing();
  if (absent.length === 0) return { ok: true };
  if (process.getuid?.() === 0) {
    const packages = [...new Set(absent.map((program) => PROGRAMS[program]))];
    console.log(`${absent.join(', ')} missing: installing Debian's ${packages.join(' and ')} with apt…`);
    try {
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
      execFileSync('apt-get', ['install', '-y', '-qq', ...packages], {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
    } catch {
      // reported below
    }
    absent = missing();
    if (absent.length === 0) return { ok: true };
  }
  return {
    ok: false,
    message:
      `The narrated demo lesson tests need ${absent.join(', ')}: they are skipped. ` +
      'Install them with `sudo apt-get install -y ffmpeg espeak-ng` (Debian/Ubuntu).',
  };
}
