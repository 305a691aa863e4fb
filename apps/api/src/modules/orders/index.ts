// The orders module's public surface: the console's order list and CSV export, and the order summary the
// refunds module shows beside each refund and on an order's page.
export { orderRoutes } from './routes.ts';
export { orderSummaryQuery, toOrderSummary } from './summary.ts';
