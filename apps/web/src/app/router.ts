import { createBrowserRouter, routerReady as ready } from '@/lib/router';
import { routes } from './routes';

export const router = createBrowserRouter(routes);

/**
 * Resolves once the router has loaded the first page's code (its routes are lazy). Rendering before that
 * would paint an empty page over the server's first paint.
 */
export const routerReady = () => ready(router);
