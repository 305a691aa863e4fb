// Finds Debian's Chromium for the browser tests; installs it with apt when missing and running as root.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);

const find = () => CANDIDATES.find((p) => existsSync(p));

export async function ensureChromium() {
  let found = find();
  if (found) return { ok: true, path: found };
  if (process.getuid?.() === 0) {
    console.log("Chromium is missing: installing Debian's chromium package with apt…");
    try {
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
      execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
    } catch {
      // reported below
    }
    found = find();
    if (found) return { ok: true, path: found };
  }
  return {
    ok: false,
    message:
      'The browser tests need Chromium. Install it with `sudo apt-get install -y chromium` (Debian/Ubuntu), ' +
      'or set CHROMIUM_PATH to a Chromium or Chrome binary.',
  };
}
