// The site module's public surface: its routes (registered by app.ts).
export { siteRoutes } from './routes.ts';
