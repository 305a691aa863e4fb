// The notes module's public surface: its routes (registered by app.ts).
export { notesRoutes } from './routes.ts';
