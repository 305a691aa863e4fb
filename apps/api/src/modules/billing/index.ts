// The billing module's public surface (decision 024): its routes, and the buyer's copy an order keeps.
export { billingSnapshot } from './profile.ts';
export { billingRoutes } from './routes.ts';
