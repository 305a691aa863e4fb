// `npm run dev`: the API with reload on change (tsx watch) and the web app with hot module reload (Vite),
// which proxies /api to the API. Open http://localhost:5173.
import { spawn } from 'node:child_process';
import { root } from './lib.mjs';

const port = process.env.PORT ?? '3000';
const children = [
  spawn('npm', ['run', 'dev', '-w', '@kaushal/api'], {
    stdio: 'inherit',
    cwd: root,
    detached: true,
    env: {
      ...process.env,
      PORT: port,
      PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
      // Sign-in ends on the SPA's /login: the Vite dev server's, not the API's copy of the last build.
      WEB_ORIGIN: process.env.WEB_ORIGIN ?? 'http://localhost:5173',
    },
  }),
  spawn('npm', ['run', 'dev', '-w', '@kaushal/web'], {
    stdio: 'inherit',
    cwd: root,
    detached: true,
    env: { ...process.env, API_PROXY_TARGET: `http://127.0.0.1:${port}` },
  }),
];
// Each child leads a process group of its own (npm → tsx/vite), so a stop reaches the servers, not just npm.
const stop = () => {
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
