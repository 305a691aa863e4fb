import type { CourseStatus } from '@kaushal/contract';
import { StatusPill } from './status-pill';

export const STATUS_LABELS: Record<CourseStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  unpublished: 'Unpublished',
};

const TONE = { draft: 'muted', published: 'success', unpublished: 'accent' } as const;

export function CourseStatusBadge({ status }: { status: CourseStatus }) {
  return <StatusPill tone={TONE[status]}>{STATUS_LABELS[status]}</StatusPill>;
}
