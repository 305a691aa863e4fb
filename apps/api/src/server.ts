import { mkdirSync } from 'node:fs';
import { buildApp } from './app.ts';
import { openConfiguredDatabase, seedIfEmpty } from './bootstrap.ts';
import { ConfigError, loadConfig } from './config.ts';
import { ContentError, loadSiteConfig } from './content/load.ts';

/** Starts the whole product on one port; Ctrl-C (SIGINT) or SIGTERM finishes in-flight requests, then closes the database. */
async function main() {
  const config = loadConfig();
  mkdirSync(config.dataDir, { recursive: true });
  const site = await loadSiteConfig(config.contentDir);
  const database = await openConfiguredDatabase(config);
  const app = await buildApp({ config, database, site });
  await seedIfEmpty(config, database, app.log);

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

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`${site.productName} is ready at ${config.publicUrl}`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof ContentError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
