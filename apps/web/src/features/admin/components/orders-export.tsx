import { FileDown } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { ordersExportUrl } from '../api/admin-orders';
import { exportOf, type OrderFilters } from '../lib/order-filters';

/**
 * The accountant's CSV of the chosen days (admins): a download link once both dates are set, else a disabled
 * button saying what it needs. The file lists the orders paid on those days with their invoices and GST.
 */
export function OrdersExport({ filters }: { filters: OrderFilters }) {
  const hintId = useId();
  const plan = exportOf(filters);
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
      {'query' in plan ? (
        <Button asChild variant="secondary" className="self-start">
          <a href={ordersExportUrl(plan.query)} download aria-describedby={hintId}>
            <FileDown aria-hidden="true" />
            Export CSV
          </a>
        </Button>
      ) : (
        <Button variant="secondary" disabled aria-describedby={hintId} className="self-start">
          <FileDown aria-hidden="true" />
          Export CSV
        </Button>
      )}
      <p id={hintId} className="text-sm text-muted">
        {'query' in plan
          ? `For the accountant: the orders paid from ${plan.query.from} to ${plan.query.to} (IST), with invoices, GST and credit notes. The search and amounts do not apply.`
          : plan.reason}
      </p>
    </div>
  );
}
