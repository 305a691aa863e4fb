import type { AdminCoupon } from '@kaushal/contract';
import { Pencil, Power, PowerOff } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { TableCell, TableRow } from '@/components/ui/table';
import { useSaveCoupon } from '../api/admin-coupons';
import {
  COUPON_STATES,
  couponScopeLabel,
  couponShareLink,
  couponState,
  couponUsageLabel,
  couponWindowLabel,
  perLearnerLabel,
} from '../lib/coupons';
import { errorMessage } from '../lib/form-errors';
import { CopyLink } from './copy-link';
import { StatusPill } from './status-pill';

/**
 * One coupon on Coupons: its terms, whether learners can use it now, a link to share when it is for one
 * course, Edit, and Activate or Deactivate at once (PATCH active).
 */
export function CouponRow({
  coupon,
  courseTitle,
  onEdit,
  onSaved,
}: {
  coupon: AdminCoupon;
  courseTitle: (id: string) => string;
  onEdit: (coupon: AdminCoupon) => void;
  onSaved: (message: string) => void;
}) {
  const toggle = useSaveCoupon();
  const state = COUPON_STATES[couponState(coupon)];
  const link = couponShareLink(coupon, window.location.origin);

  const onToggle = () =>
    toggle.mutate(
      { id: coupon.id, body: { active: !coupon.active } },
      { onSuccess: (saved) => onSaved(`Coupon ${saved.code} ${saved.active ? 'activated' : 'deactivated'}.`) },
    );

  return (
    <TableRow>
      <TableCell className="font-mono font-semibold whitespace-nowrap">{coupon.code}</TableCell>
      <TableCell className="whitespace-nowrap">{coupon.label}</TableCell>
      <TableCell className="min-w-56">
        <span className="break-words">{couponScopeLabel(coupon, courseTitle)}</span>
        {link && <CopyLink url={link} what={`for ${coupon.code}`} />}
      </TableCell>
      <TableCell className="min-w-40">{couponWindowLabel(coupon)}</TableCell>
      <TableCell className="text-right whitespace-nowrap tabular-nums">{couponUsageLabel(coupon)}</TableCell>
      <TableCell className="text-right whitespace-nowrap tabular-nums">{perLearnerLabel(coupon)}</TableCell>
      <TableCell>
        <StatusPill tone={state.tone}>{state.label}</StatusPill>
      </TableCell>
      <TableCell className="min-w-44">
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => onEdit(coupon)}>
            <Pencil aria-hidden="true" />
            Edit
            <span className="sr-only"> {coupon.code}</span>
          </Button>
          <Button variant="secondary" size="sm" onClick={onToggle} disabled={toggle.isPending}>
            {coupon.active ? <PowerOff aria-hidden="true" /> : <Power aria-hidden="true" />}
            {toggle.isPending ? 'Saving…' : coupon.active ? 'Deactivate' : 'Activate'}
            <span className="sr-only"> {coupon.code}</span>
          </Button>
        </div>
        {toggle.isError && (
          <p role="alert" className="mt-1 text-xs text-danger">
            {errorMessage(toggle.error)}
          </p>
        )}
      </TableCell>
    </TableRow>
  );
}
