import type { AdminCourseDetail, AdminTier } from '@kaushal/contract';
import { Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Table, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatPaise } from '../lib/money';
import { formatCount } from '../lib/numbers';
import { ConsoleCard } from './console-card';
import { TierDialog } from './tier-dialog';

const ACCESS = { permanent: 'Permanent', weekly: 'Weekly' } as const;

/** The course's pricing tiers with how many orders bought each; add and edit in a dialog. */
export function TiersCard({
  course,
  canEdit,
  onReload,
}: {
  course: AdminCourseDetail;
  canEdit: boolean;
  onReload: () => void;
}) {
  const [editing, setEditing] = useState<AdminTier | 'new' | null>(null);
  return (
    <ConsoleCard
      id="tiers-title"
      title="Pricing tiers"
      action={
        canEdit && (
          <Button variant="secondary" size="sm" onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" />
            Add tier
          </Button>
        )
      }
    >
      {course.tiers.length === 0 ? (
        <p className="text-sm text-muted">
          No tiers: learners pay the course price ({formatPaise(course.pricePaise)}) for permanent access.
        </p>
      ) : (
        <Table caption="Tier prices and orders">
          <TableHead>
            <TableRow>
              <TableHeader>Tier</TableHeader>
              <TableHeader>Access</TableHeader>
              <TableHeader className="text-right">Price</TableHeader>
              <TableHeader className="text-right">Original price</TableHeader>
              <TableHeader className="text-right">Orders</TableHeader>
              {canEdit && (
                <TableHeader>
                  <span className="sr-only">Actions</span>
                </TableHeader>
              )}
            </TableRow>
          </TableHead>
          <tbody>
            {course.tiers.map((tier) => (
              <TableRow key={tier.id}>
                <TableCell className="min-w-48">
                  <span className="font-semibold">{tier.title}</span>
                  {tier.description && <span className="block text-xs text-muted">{tier.description}</span>}
                </TableCell>
                <TableCell>{ACCESS[tier.accessType]}</TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">
                  {formatPaise(tier.pricePaise)}
                </TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">
                  {formatPaise(tier.originalPricePaise)}
                </TableCell>
                <TableCell className="text-right tabular-nums">{formatCount(tier.orders)}</TableCell>
                {canEdit && (
                  <TableCell className="text-right">
                    <Button variant="ghost" size="sm" onClick={() => setEditing(tier)}>
                      <Pencil aria-hidden="true" />
                      Edit<span className="sr-only"> {tier.title}</span>
                    </Button>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </tbody>
        </Table>
      )}
      <TierDialog course={course} tier={editing} onClose={() => setEditing(null)} onReload={onReload} />
    </ConsoleCard>
  );
}
