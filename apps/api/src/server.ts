import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { buildApp } from './app.ts';
import { openConfiguredDatabase, seedIfEmpty } from './bootstrap.ts';
import { ConfigError, loadConfig } from './config.ts';
import { type DemoMediaRun, startDemoMedia } from './content/demo-media/background.ts';
import { ContentError, loadSiteConfig } from './content/load.ts';
import { DataFolderBusy } from './db/data-folder-lock.ts';
import { queueMissingTranscodes } from './modules/streaming/index.ts';
import { applyServerLimits } from './server-limits.ts';

/** Starts the whole product on one port; Ctrl-C (SIGINT) or SIGTERM finishes in-flight requests, then closes the database. */
async function main() {
  const config = loadConfig();
  mkdirSync(config.dataDir, { recursive: true });
  const site = await loadSiteConfig(config.contentDir);
  const database = await openConfiguredDatabase(config, 'server');
  const app = await buildApp({ config, database, site });
  await seedIfEmpty(config, database, app.log);

  let demoMedia: DemoMediaRun | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long, exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await demoMedia?.stop();
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  applyServerLimits(app.server, config, app.log);
  // One address at start-up, the one to open: Fastify would log each address it listens on (127.0.0.1 first),
  // and a page opened there is only redirected to PUBLIC_URL (plugins/canonical-host.ts).
  let announced = false;
  await app.listen({
    port: config.port,
    host: config.host,
    listenTextResolver: (address) => {
      if (announced) return `also listening on ${address}`;
      announced = true;
      return `${site.productName} is ready at ${config.publicUrl}`;
    },
  });
  database.folderLock?.setUrl(loopbackUrl(app.server.address() as AddressInfo));
  // After listening: the seeded demo videos (and any upload whose job was lost) are transcoded to HLS in the
  // background; each plays its MP4 until its ladder is ready (decision 034).
  const queueTranscodes = () => {
    if (!config.videoTranscode || !config.jobs.worker) return;
    queueMissingTranscodes(database.db, app.deps.jobs)
      .then((queued) => {
        if (queued > 0) app.log.info(`video transcode: ${queued} lesson videos queued for HLS`);
      })
      .catch((error: unknown) =>
        app.log.warn({ err: error }, 'video transcode: the lesson videos could not be queued'),
      );
  };
  queueTranscodes();
  // After listening: the product answers at once, and demo lessons switch to their narrated media as they are made.
  if (config.demoMedia) {
    demoMedia = startDemoMedia({
      contentDir: config.contentDir,
      cacheDir: config.demoMediaDir,
      db: database.db,
      log: app.log,
      onLessonApplied: queueTranscodes,
    });
  }
  if (!config.isProduction && !config.oauthStandIns && !(config.oauth.google && config.oauth.github)) {
    app.log.warn(
      'Sign-in: a provider without GOOGLE_/GITHUB_CLIENT_ID and _SECRET is not available. The local sign-in stand-in runs only when neither provider is configured and PUBLIC_URL is a loopback address.',
    );
  }
}

/** Where a process on this machine reaches the server (`npm run backup`): a wildcard address means loopback. */
function loopbackUrl(address: AddressInfo): string {
  if (address.address === '0.0.0.0') return `http://127.0.0.1:${address.port}`;
  if (address.address === '::') return `http://[::1]:${address.port}`;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof ContentError || error instanceof DataFolderBusy) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
