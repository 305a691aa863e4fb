import type { Refund } from '@kaushal/contract';
import type { RefundRow } from './refund-path.ts';

export function toRefund(row: RefundRow): Refund {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    amount: row.amountPaise,
    reason: row.reason,
    decisionReason: row.decisionReason,
    createdAt: row.createdAt.toISOString(),
    processedAt: row.processedAt ? row.processedAt.toISOString() : null,
  };
}
