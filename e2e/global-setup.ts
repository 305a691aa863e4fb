import { startFakeOAuth } from './support/fake-oauth.ts';
import { startProduct } from './support/product.ts';

export { freePort } from './support/product.ts';

/**
 * The world of the browser tests, started once: fake outside services on 127.0.0.1, then the built product
 * pointed at them (fresh PGlite data folder, seeded demo catalogue). Tests read what they need from the
 * environment: E2E_BASE_URL, E2E_DATA_DIR, E2E_FAKE_OAUTH_URL. Add a fake service by starting it before the
 * product, merging its env into the product's, and pushing its stop.
 */
export default async function globalSetup() {
  const stops: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop();
  };
  try {
    // Google and GitHub: the real OAuth flow against a local server (see support/fake-oauth.ts).
    const oauth = await startFakeOAuth();
    stops.push(oauth.stop);
    process.env.E2E_FAKE_OAUTH_URL = oauth.url;

    const product = await startProduct({ ...oauth.env });
    stops.push(product.stop);
    process.env.E2E_BASE_URL = product.baseUrl;
    process.env.E2E_DATA_DIR = product.dataDir;
  } catch (error) {
    await stopAll();
    throw error;
  }
  return stopAll;
}
