import { Readable } from 'node:stream';
import { endpoints } from '@kaushal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route.ts';
import { requireRole } from '../admin/index.ts';
import { exportFileName, orderExportCsv } from './export.ts';
import { listOrders } from './list.ts';

const NO_STORE = { 'cache-control': 'private, no-store' };

/** A generator whose first piece was taken already, whole again. */
async function* resumed<T>(first: IteratorResult<T>, rest: AsyncGenerator<T>): AsyncGenerator<T> {
  if (first.done) return;
  yield first.value;
  yield* rest;
}

/**
 * The console's orders: the list support and admins filter and page through, and the accountant's CSV of a
 * range, for admins alone (a year of every buyer's name, email and GSTIN in one file). An order's own page,
 * with its refunds, is the refunds module's (decision 024).
 */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  route(app, endpoints.adminOrders, {}, async (request, reply) => {
    await requireRole(request, ['admin', 'support']);
    reply.headers(NO_STORE);
    return listOrders(db, request.query);
  });

  route(app, endpoints.adminOrdersExport, {}, async (request, reply) => {
    await requireRole(request, ['admin']);
    const query = request.query;
    const pieces = orderExportCsv(db, query);
    // The first batch is read before the answer starts, so a database outage is still an error answer.
    const first = await pieces.next();
    // The rest streams as it is read: a slow download holds back the next batch query instead of filling memory.
    const csv = Readable.from(resumed(first, pieces));
    csv.once('error', (error) => request.log.error({ err: error }, 'the order export failed part way'));
    return reply
      .headers(NO_STORE)
      .header('content-disposition', `attachment; filename="${exportFileName(query)}"`)
      .type('text/csv; charset=utf-8')
      .send(csv);
  });
};
