// The payments module's public surface: its routes (registered by app.ts).
export { paymentRoutes } from './routes.ts';
