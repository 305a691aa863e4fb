import type { AdminLearnerCertificate, AdminLearnerEnrollment, ContactCategory } from '@kaushal/contract';
import { CONTACT_CATEGORIES } from '@kaushal/contract';
import { formatWhen } from './dates';

type Tone = 'accent' | 'success' | 'muted' | 'danger';

/** How an enrollment came about, as support reads it. */
export const SOURCE_LABELS: Record<AdminLearnerEnrollment['source'], string> = {
  free: 'Free course',
  payment: 'Bought',
  staff: 'Granted by staff',
};

/** 'Lifetime', 'Until 2 Dec 2026, 2:30 pm', 'Ended 25 Nov 2026, 9:34 am'. */
export function accessLabel(enrollment: AdminLearnerEnrollment): string {
  if (enrollment.accessType === 'permanent' || !enrollment.expiresAt) return 'Lifetime';
  return `${enrollment.active ? 'Until' : 'Ended'} ${formatWhen(enrollment.expiresAt)}`;
}

export const enrollmentStatus = (enrollment: AdminLearnerEnrollment): { label: string; tone: Tone } =>
  enrollment.active ? { label: 'Active', tone: 'success' } : { label: 'Expired', tone: 'muted' };

export const CERTIFICATE_STATUSES: Record<AdminLearnerCertificate['status'], { label: string; tone: Tone }> = {
  verified: { label: 'Verified', tone: 'success' },
  revoked: { label: 'Revoked', tone: 'danger' },
};

const categoryLabels = new Map<string, string>(CONTACT_CATEGORIES.map((c) => [c.value, c.label]));
export const categoryLabel = (category: ContactCategory) => categoryLabels.get(category) ?? category;

/** The access types staff can grant, as the grant dialog offers them. */
export const GRANT_CHOICES = [
  { value: 'permanent', label: 'Lifetime access' },
  { value: 'weekly', label: 'One week (from now, or from the end of a week still running)' },
] as const;
