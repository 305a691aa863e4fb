// The dashboard module's public surface: its routes (registered by app.ts).
export { dashboardRoutes } from './routes.ts';
