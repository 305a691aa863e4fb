import type { Certificate, CertificateSummary } from '@kaushal/contract';
import { CERTIFICATE_GONE_CODE } from '@kaushal/contract';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { certificates } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { linkedInAddUrl, verificationUrl } from './links.ts';

export type CertificateRow = typeof certificates.$inferSelect;

/** A certificate that can still be shown: the row of a deleted account is a tombstone (410). */
export interface LiveCertificate extends CertificateRow {
  learnerName: string;
}

/** The certificate with this id, or a clear 404 (never issued) or 410 (the learner deleted their account). */
export async function findCertificate(db: Db, id: string): Promise<LiveCertificate> {
  const [row] = await db.select().from(certificates).where(eq(certificates.id, id)).limit(1);
  if (!row)
    throw notFound('No certificate has this ID. Check the link: it is case-sensitive.', 'certificate_not_found');
  if (row.deletedAt || row.learnerName === null) {
    throw new AppError(
      410,
      CERTIFICATE_GONE_CODE,
      'This certificate no longer exists: the account it was issued to has been deleted.',
    );
  }
  return { ...row, learnerName: row.learnerName };
}

/** The certificate as its public page and the API show it. */
export function toCertificate(row: LiveCertificate, context: { publicUrl: string; productName: string }): Certificate {
  const url = verificationUrl(context.publicUrl, row.id);
  return {
    id: row.id,
    learnerName: row.learnerName,
    course: { id: row.courseId, title: row.courseTitle },
    issuedAt: row.issuedAt.toISOString(),
    watchedSeconds: row.watchedSeconds,
    quizScores: row.quizScores,
    status: row.revokedAt ? 'revoked' : 'verified',
    revokedAt: row.revokedAt?.toISOString() ?? null,
    verificationUrl: url,
    linkedInUrl: linkedInAddUrl({
      courseTitle: row.courseTitle,
      organizationName: context.productName,
      issuedAt: row.issuedAt,
      certificateUrl: url,
      certificateId: row.id,
    }),
  };
}

/** The learner's certificates for their dashboard, newest first. */
export async function listLearnerCertificates(db: Db, userId: string): Promise<CertificateSummary[]> {
  const rows = await db
    .select()
    .from(certificates)
    .where(and(eq(certificates.userId, userId), isNull(certificates.deletedAt)))
    .orderBy(desc(certificates.issuedAt), desc(certificates.id));
  return rows.map((row) => ({
    id: row.id,
    course: { id: row.courseId, title: row.courseTitle },
    issuedAt: row.issuedAt.toISOString(),
    status: row.revokedAt ? 'revoked' : 'verified',
  }));
}
