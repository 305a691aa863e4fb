// `npm start`: builds when the build is missing or older than the sources, then serves the whole product
// (API + SPA) on one port. An empty data folder is migrated and seeded with the demo catalogue.
import { needsBuild, root, run } from './lib.mjs';

if (process.env.NODE_ENV !== 'production' && needsBuild()) {
  console.log('Building the web app and the API…');
  const code = await run('npm', ['run', 'build']);
  if (code !== 0) process.exit(code);
}

const child = await import('node:child_process').then(({ spawn }) =>
  spawn(process.execPath, ['--enable-source-maps', 'apps/api/dist/server.js'], { stdio: 'inherit', cwd: root }),
);
// Ctrl-C reaches the server through the terminal's process group; forward SIGTERM explicitly.
process.on('SIGTERM', () => child.kill('SIGTERM'));
process.on('SIGINT', () => {});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
