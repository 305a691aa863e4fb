// The account module's public surface: its routes (registered by app.ts).
export { accountRoutes } from './routes.ts';
