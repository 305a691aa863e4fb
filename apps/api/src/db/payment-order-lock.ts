import { eq } from 'drizzle-orm';
import type { Tx } from './client.ts';
import { paymentOrders } from './schema.ts';

export type PaymentOrderRow = typeof paymentOrders.$inferSelect;

/**
 * The payment order, locked (`select … for update`) for the rest of the transaction. Settling, invoicing and
 * every refund decision about one order take this lock first, so a verify and a webhook, two issuers or two
 * refund clicks queue here and the second sees what the first wrote. Undefined when there is no such order.
 */
export async function lockPaymentOrder(tx: Tx, orderId: string): Promise<PaymentOrderRow | undefined> {
  const [order] = await tx.select().from(paymentOrders).where(eq(paymentOrders.id, orderId)).for('update');
  return order;
}
