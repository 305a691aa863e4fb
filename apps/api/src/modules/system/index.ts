// The system module's public surface: its routes (registered by app.ts).
export { systemRoutes } from './routes.ts';
