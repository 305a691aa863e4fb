import type { AdminCoupon } from '@kaushal/contract';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Table, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { usePageTitle } from '@/lib/use-page-title';
import { useAdminCoupons } from '../api/admin-coupons';
import { useCourseChoices } from '../api/course-choices';
import { ConsoleStatus } from '../components/console-status';
import { CouponDialog } from '../components/coupon-dialog';
import { CouponRow } from '../components/coupon-row';
import { ErrorAlert } from '../components/error-alert';
import { RoleGate } from '../components/role-gate';
import { errorMessage } from '../lib/form-errors';

/** Coupons (admin): every coupon with its terms and use, created and changed in a dialog. */
export function AdminCouponsPage() {
  usePageTitle('Console: Coupons');
  return (
    <RoleGate roles={['admin']} title="Coupons">
      <Coupons />
    </RoleGate>
  );
}

function Coupons() {
  const coupons = useAdminCoupons();
  // For the courses' titles in the Scope column (the coupon names them by id).
  const courses = useCourseChoices();
  const [editing, setEditing] = useState<AdminCoupon | 'new' | null>(null);
  const [status, setStatus] = useState('');
  const titles = new Map((courses.data ?? []).map((course) => [course.id, course.title]));
  const courseTitle = (id: string) => titles.get(id) ?? id;

  return (
    <section aria-labelledby="coupons-title" className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="space-y-1">
          <h2 id="coupons-title" className="text-2xl font-bold">
            Coupons
          </h2>
          <p className="text-sm text-muted">
            Percentage or fixed discounts on all courses, some courses or some pricing tiers, within a window and caps.
            A redemption counts when the payment settles.
          </p>
          <p role="status" className="text-sm font-medium">
            {status}
          </p>
        </div>
        <Button
          onClick={() => {
            setStatus('');
            setEditing('new');
          }}
        >
          <Plus aria-hidden="true" />
          New coupon
        </Button>
      </div>
      {coupons.isError && !coupons.data ? (
        <ErrorAlert onRetry={() => coupons.refetch()}>{errorMessage(coupons.error)}</ErrorAlert>
      ) : !coupons.data ? (
        <ConsoleStatus>Loading coupons…</ConsoleStatus>
      ) : coupons.data.coupons.length === 0 ? (
        <p className="rounded-xl border border-border bg-surface p-6 text-center text-muted">
          No coupons yet. Create one with New coupon.
        </p>
      ) : (
        <Table caption="Coupons, newest first">
          <TableHead>
            <TableRow>
              <TableHeader>Code</TableHeader>
              <TableHeader>Discount</TableHeader>
              <TableHeader>Scope</TableHeader>
              <TableHeader>Window</TableHeader>
              <TableHeader className="text-right">Redemptions / cap</TableHeader>
              <TableHeader className="text-right">Per learner</TableHeader>
              <TableHeader>Status</TableHeader>
              <TableHeader>
                <span className="sr-only">Actions</span>
              </TableHeader>
            </TableRow>
          </TableHead>
          <tbody>
            {coupons.data.coupons.map((coupon) => (
              <CouponRow
                key={coupon.id}
                coupon={coupon}
                courseTitle={courseTitle}
                onEdit={(chosen) => {
                  setStatus('');
                  setEditing(chosen);
                }}
                onSaved={setStatus}
              />
            ))}
          </tbody>
        </Table>
      )}
      <CouponDialog coupon={editing} onClose={() => setEditing(null)} onSaved={setStatus} />
    </section>
  );
}
