/** The audit log: every staff write's who, when, what, before and after, in the write's own transaction. */
export { type Actor, type AuditEntryInput, changedFields, listAudit, recordAudit } from './audit.ts';
