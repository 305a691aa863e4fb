// The support module's public surface: its routes (registered by app.ts).
export { supportRoutes } from './routes.ts';
