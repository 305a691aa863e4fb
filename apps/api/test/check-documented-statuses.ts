// `npm test`, after the API tests: every status a route answered anywhere in the API suite must be listed for
// that route in the OpenAPI document (issue 24, finding 8). The tests leave what they saw in
// test-results/api-statuses (test/app.ts); this builds the app as the suite does and reads its document.
//   npx tsx apps/api/test/check-documented-statuses.ts
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from '../src/app.ts';
import { loadSiteConfig } from '../src/content/load.ts';
import { openDatabase } from '../src/db/client.ts';
import { ANSWERED_STATUSES_DIR, testConfig } from './app.ts';

interface OpenApiDocument {
  paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
}

if (!existsSync(ANSWERED_STATUSES_DIR)) {
  console.error(`No statuses recorded in ${ANSWERED_STATUSES_DIR}: run the API tests first.`);
  process.exit(1);
}
const seen = new Set<string>();
for (const file of readdirSync(ANSWERED_STATUSES_DIR)) {
  for (const line of readFileSync(path.join(ANSWERED_STATUSES_DIR, file), 'utf8').split('\n')) {
    // HEAD is answered by the GET route.
    if (line.trim()) seen.add(line.replace(/^HEAD /, 'GET '));
  }
}

// The document needs the routes, not the data: an empty in-memory database is enough.
const database = await openDatabase({});
const config = testConfig();
const app = await buildApp({ config, database, site: await loadSiteConfig(config.contentDir), logger: false });
await app.ready();
const document = app.swagger() as unknown as OpenApiDocument;
await app.close();
await database.close();

// Hidden routes (development stand-ins, metrics) are not in the document; the contract's table still lists them.
const openApiPath = (route: string) => route.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');
const missing: string[] = [];
let checked = 0;
for (const entry of [...seen].sort()) {
  const [method = '', route = '', status = ''] = entry.split(' ');
  const operation = document.paths[openApiPath(route)]?.[method.toLowerCase()];
  if (!operation) continue;
  checked++;
  if (!operation.responses?.[status]) missing.push(`${method} ${route} answered ${status}, not in the document`);
}
if (missing.length) {
  console.error(`${missing.length} answered status(es) missing from the OpenAPI document:`);
  for (const line of missing) console.error(`  ${line}`);
  process.exit(1);
}
console.log(`Every one of the ${checked} (route, status) pairs the API tests saw is in the OpenAPI document.`);
