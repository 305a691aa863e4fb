import type { AdminCourseDetail, AdminTier } from '@kaushal/contract';
import { Archive, ArchiveRestore, ArrowDown, ArrowUp, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Table, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useTierAction } from '../api/tier-actions';
import { errorMessage } from '../lib/form-errors';
import { formatPaise } from '../lib/money';
import { formatCount } from '../lib/numbers';
import { ApiErrorAlert } from './api-error-alert';
import { ConfirmDialog } from './confirm-dialog';
import { ConsoleCard } from './console-card';
import { TierDialog } from './tier-dialog';

const ACCESS = { permanent: 'Permanent', weekly: 'Weekly' } as const;

/**
 * The course's pricing tiers with how many orders bought each; add and edit in a dialog; archive (no longer
 * offered, orders and access kept), delete one nobody bought, and move up or down (saved at once).
 */
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
  const [deleting, setDeleting] = useState<AdminTier | null>(null);
  const [status, setStatus] = useState('');
  const action = useTierAction(course.id);
  const move = (index: number, direction: -1 | 1) => {
    const ids = course.tiers.map((t) => t.id);
    const [moved] = ids.splice(index, 1);
    const tier = course.tiers[index];
    if (!moved || !tier) return;
    ids.splice(index + direction, 0, moved);
    action.mutate(
      { kind: 'order', tierIds: ids, version: course.version },
      {
        onSuccess: () => {
          setStatus(`Moved ${tier.title} to position ${index + direction + 1} of ${ids.length}.`);
          document.getElementById(`tier-${moved}-${direction < 0 ? 'up' : 'down'}`)?.focus();
        },
      },
    );
  };
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
            {course.tiers.map((tier, index) => (
              <TableRow key={tier.id}>
                <TableCell className="min-w-48">
                  <span className="font-semibold">{tier.title}</span>
                  {tier.archived && <span className="ml-2 text-xs font-semibold text-muted">(archived)</span>}
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
                    <div className="flex flex-wrap justify-end gap-1">
                      <Button variant="ghost" size="sm" onClick={() => setEditing(tier)}>
                        <Pencil aria-hidden="true" />
                        Edit<span className="sr-only"> {tier.title}</span>
                      </Button>
                      <Button
                        id={`tier-${tier.id}-up`}
                        variant="ghost"
                        size="sm"
                        className="px-2"
                        disabled={index === 0 || action.isPending}
                        onClick={() => move(index, -1)}
                      >
                        <ArrowUp aria-hidden="true" />
                        <span className="sr-only">Move {tier.title} up</span>
                      </Button>
                      <Button
                        id={`tier-${tier.id}-down`}
                        variant="ghost"
                        size="sm"
                        className="px-2"
                        disabled={index === course.tiers.length - 1 || action.isPending}
                        onClick={() => move(index, 1)}
                      >
                        <ArrowDown aria-hidden="true" />
                        <span className="sr-only">Move {tier.title} down</span>
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        disabled={action.isPending}
                        onClick={() =>
                          action.mutate(
                            { kind: 'archive', tierId: tier.id, archived: !tier.archived, version: course.version },
                            {
                              onSuccess: () =>
                                setStatus(`${tier.title} ${tier.archived ? 'is offered again' : 'archived'}.`),
                            },
                          )
                        }
                      >
                        {tier.archived ? <ArchiveRestore aria-hidden="true" /> : <Archive aria-hidden="true" />}
                        {tier.archived ? 'Unarchive' : 'Archive'}
                        <span className="sr-only"> {tier.title}</span>
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        disabled={tier.orders > 0 || action.isPending}
                        aria-describedby={tier.orders > 0 ? `tier-${tier.id}-kept` : undefined}
                        onClick={() => setDeleting(tier)}
                      >
                        <Trash2 aria-hidden="true" />
                        Delete<span className="sr-only"> {tier.title}</span>
                      </Button>
                    </div>
                    {tier.orders > 0 && (
                      <p id={`tier-${tier.id}-kept`} className="text-xs text-muted">
                        Bought {formatCount(tier.orders)} times: archive it instead of deleting.
                      </p>
                    )}
                  </TableCell>
                )}
              </TableRow>
            ))}
          </tbody>
        </Table>
      )}
      <p className="text-sm text-muted" role="status">
        {status}
      </p>
      {action.isError && (
        <ApiErrorAlert error={action.error} onReload={onReload}>
          {errorMessage(action.error)}
        </ApiErrorAlert>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete the tier ${deleting?.title ?? ''}?`}
        description="Nobody bought it; learners will no longer see it."
        confirmLabel="Delete tier"
        pendingLabel="Deleting…"
        variant="destructive"
        pending={action.isPending}
        onConfirm={() =>
          deleting &&
          action.mutate(
            { kind: 'delete', tierId: deleting.id, version: course.version },
            {
              onSuccess: () => {
                setStatus(`${deleting.title} deleted.`);
                setDeleting(null);
              },
              onError: () => setDeleting(null),
            },
          )
        }
      />
      <TierDialog course={course} tier={editing} onClose={() => setEditing(null)} onReload={onReload} />
    </ConsoleCard>
  );
}
