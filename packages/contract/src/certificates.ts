import { z } from 'zod';

/** 128 random bits in base64url: 22 letters, digits, `-` or `_` (unguessable, and short enough to type). */
export const CERTIFICATE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export const certificateIdSchema = z
  .string()
  .regex(CERTIFICATE_ID_PATTERN, 'must be a certificate id: 22 letters, digits, "-" or "_"');

export const certificateParamsSchema = z.object({ id: certificateIdSchema });

export const certificateQuizScoreSchema = z.object({
  title: z.string(),
  scorePercent: z.number().int().min(0).max(100),
});
export type CertificateQuizScore = z.infer<typeof certificateQuizScoreSchema>;

/**
 * A certificate as its public verification page shows it. What it certifies was copied at issue (the name on
 * the learner's profile then, the course title, the seconds really watched, each quiz's best score).
 * `revoked`: a full refund of the course took it back (`revokedAt` says when).
 */
export const certificateSchema = z.object({
  id: certificateIdSchema,
  learnerName: z.string(),
  course: z.object({ id: z.string(), title: z.string() }),
  issuedAt: z.string(),
  watchedSeconds: z.number().int().min(0),
  quizScores: z.array(certificateQuizScoreSchema),
  status: z.enum(['verified', 'revoked']),
  revokedAt: z.string().nullable(),
  /** The public page's absolute URL (what a learner shares, what LinkedIn links to). */
  verificationUrl: z.string(),
  /** LinkedIn's "Add licence or certification" form, filled in. */
  linkedInUrl: z.string(),
});
export type Certificate = z.infer<typeof certificateSchema>;

/** A certificate on the learner's dashboard. */
export const certificateSummarySchema = z.object({
  id: certificateIdSchema,
  course: z.object({ id: z.string(), title: z.string() }),
  issuedAt: z.string(),
  status: z.enum(['verified', 'revoked']),
});
export type CertificateSummary = z.infer<typeof certificateSummarySchema>;

/** The `code` of the 410 a deleted account's certificate answers (the 404 of an unknown id is `not_found`). */
export const CERTIFICATE_GONE_CODE = 'certificate_deleted';
