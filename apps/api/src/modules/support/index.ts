// The support module's public surface: the contact form's routes and the console's support inbox (app.ts).
export { supportInboxRoutes } from './inbox-routes.ts';
export { supportRoutes } from './routes.ts';
