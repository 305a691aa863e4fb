import { Filter } from 'lucide-react';
import { type FormEvent, useId } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Table, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useSearchParams } from '@/lib/router';
import { usePageTitle } from '@/lib/use-page-title';
import { type AuditEntity, type AuditListQuery, useAdminAudit } from '../api/admin-audit';
import { ConsoleStatus } from '../components/console-status';
import { ErrorAlert } from '../components/error-alert';
import { Pager } from '../components/pager';
import { RoleGate } from '../components/role-gate';
import { auditChanges } from '../lib/audit-changes';
import { formatWhen } from '../lib/dates';
import { errorMessage } from '../lib/form-errors';
import { choiceParam, pageParam, withParams } from '../lib/search-params';

const ENTITIES: Record<AuditEntity, string> = { course: 'Courses', tier: 'Pricing tiers', user: 'Users and roles' };

/** The audit log (admin): every staff write, newest first, by entity and by who made it. */
export function AdminAuditPage() {
  usePageTitle('Console: Audit log');
  return (
    <RoleGate roles={['admin']} title="Audit log">
      <AuditLog />
    </RoleGate>
  );
}

function AuditLog() {
  const [params, setParams] = useSearchParams();
  const query: AuditListQuery = {
    entity: choiceParam(params, 'entity', Object.keys(ENTITIES) as AuditEntity[]),
    actor: params.get('actor') ?? undefined,
    page: pageParam(params),
  };
  const audit = useAdminAudit(query);
  const ids = { entity: useId(), actor: useId() };

  const onActor = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const actor = new FormData(event.currentTarget).get('actor');
    setParams(withParams(params, { actor: typeof actor === 'string' ? actor.trim() : undefined }));
  };

  return (
    <section aria-labelledby="audit-title" className="space-y-5">
      <div className="space-y-1">
        <h2 id="audit-title" className="text-2xl font-bold">
          Audit log
        </h2>
        <p className="text-sm text-muted">
          Each staff write with who made it, when, and the values before and after it, recorded in the same transaction
          as the write.
        </p>
      </div>
      <div className="grid gap-3 md:grid-cols-[14rem_minmax(0,1fr)] md:items-end">
        <div className="space-y-2">
          <Label htmlFor={ids.entity}>Entity</Label>
          <Select
            id={ids.entity}
            value={query.entity ?? ''}
            onChange={(e) => setParams(withParams(params, { entity: e.target.value }))}
          >
            <option value="">Everything</option>
            {Object.entries(ENTITIES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </div>
        <form onSubmit={onActor} className="flex max-w-xl items-end gap-2">
          <div className="min-w-0 flex-1 space-y-2">
            <Label htmlFor={ids.actor}>Made by (email)</Label>
            <Input
              id={ids.actor}
              name="actor"
              type="email"
              defaultValue={query.actor ?? ''}
              key={query.actor ?? ''}
              maxLength={254}
              autoComplete="off"
            />
          </div>
          <Button type="submit" variant="secondary">
            <Filter aria-hidden="true" />
            Filter
          </Button>
        </form>
      </div>

      {audit.isError && !audit.data ? (
        <ErrorAlert onRetry={() => audit.refetch()}>{errorMessage(audit.error)}</ErrorAlert>
      ) : !audit.data ? (
        <ConsoleStatus>Loading the audit log…</ConsoleStatus>
      ) : audit.data.items.length === 0 ? (
        <p className="rounded-xl border border-border bg-surface p-6 text-center text-muted">
          {query.entity || query.actor ? 'No entries match these filters.' : 'No staff writes yet.'}
        </p>
      ) : (
        <div aria-busy={audit.isPlaceholderData} className="transition-opacity aria-busy:opacity-60">
          <Table caption="Audit log entries, newest first">
            <TableHead>
              <TableRow>
                <TableHeader>When</TableHeader>
                <TableHeader>Who</TableHeader>
                <TableHeader>Action</TableHeader>
                <TableHeader>Entity</TableHeader>
                <TableHeader>Id</TableHeader>
                <TableHeader>Before → after</TableHeader>
              </TableRow>
            </TableHead>
            <tbody>
              {audit.data.items.map((entry) => {
                const changes = auditChanges(entry.before, entry.after);
                return (
                  <TableRow key={entry.id}>
                    <TableCell className="whitespace-nowrap">
                      <time dateTime={entry.at}>{formatWhen(entry.at)}</time>
                    </TableCell>
                    <TableCell className="break-all">{entry.actor}</TableCell>
                    <TableCell className="font-mono text-xs whitespace-nowrap">{entry.action}</TableCell>
                    <TableCell>{entry.entity}</TableCell>
                    <TableCell className="max-w-48 font-mono text-xs break-all">{entry.entityId}</TableCell>
                    <TableCell className="min-w-64">
                      {changes.length === 0 ? (
                        <span className="text-muted">No values</span>
                      ) : (
                        <ul className="space-y-1">
                          {changes.map((change) => (
                            <li key={change.key} className="break-words">
                              <span className="font-semibold">{change.key}:</span> {change.before} → {change.after}
                            </li>
                          ))}
                        </ul>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </tbody>
          </Table>
          <Pager
            page={audit.data.page}
            pages={audit.data.pages}
            total={audit.data.total}
            noun={['entry', 'entries']}
            onPage={(page) => setParams(withParams(params, { page }))}
          />
        </div>
      )}
    </section>
  );
}
