import { openConfiguredDatabase, servedCatalogue } from '../bootstrap.ts';
import { loadConfig } from '../config.ts';
import { loadCatalogue } from '../content/load.ts';
import { seedCatalogue } from '../content/seed.ts';

/** `npm run seed`: loads content/ into the configured database; running it twice changes nothing. */
const config = loadConfig();
try {
  const catalogue = await loadCatalogue(config.contentDir);
  const database = await openConfiguredDatabase(config, 'seed');
  const result = await seedCatalogue(database.db, servedCatalogue(config, catalogue.courses));
  await database.close();
  console.log(`Seeded ${result.courses} courses: ${result.written} rows written, ${result.removed} removed.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
