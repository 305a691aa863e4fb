import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { certificates, courses, enrollments, lessonProgress, lessons, users } from '../../db/schema.ts';
import { certificateMail, mailLocale, type Outbox } from '../mail/index.ts';
import { quizStandings } from '../quizzes/index.ts';
import { newCertificateId } from './certificate-id.ts';
import { linkedInAddUrl, verificationUrl } from './links.ts';

export type AwardOutcome =
  | { kind: 'issued'; certificateId: string }
  /** The learner already has this course's certificate (a revoked one stays revoked). */
  | { kind: 'exists'; certificateId: string }
  | { kind: 'not_earned'; reason: 'no_course' | 'no_lessons' | 'lessons_incomplete' | 'quiz_not_passed' | 'no_access' };

export interface AwardInput {
  userId: string;
  courseId: string;
  now: Date;
  /** The certificate email is queued through it, in the same transaction as the certificate. */
  outbox: Outbox;
}

/**
 * Issues the learner's certificate for a course when they have earned it, and queues its email; otherwise does
 * nothing. Earned means: the (published) course has lessons, every one of them is complete for the learner by
 * the 90%-watched rule (lesson_progress.completed, which only honest playback sets: learning/progress-service.ts),
 * every quiz of the course is passed, and the learner can watch the course now (enrolled, or every lesson free).
 *
 * Called where one of those facts becomes true (a lesson newly complete, a quiz passed), inside that fact's
 * transaction. Idempotent and safe under concurrent calls: a transaction-scoped advisory lock per learner and
 * course makes two calls take turns, so the second sees what the first committed (two last lessons finishing
 * at once in two tabs still issue one certificate), and the unique (user, course) index refuses a second row
 * whatever happens (ON CONFLICT DO NOTHING).
 */
export async function awardCertificateIfEarned(db: Db | Tx, input: AwardInput): Promise<AwardOutcome> {
  const { userId, courseId, now, outbox } = input;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`certificate:${userId}:${courseId}`}, 0))`);

    const [existing] = await tx
      .select({ id: certificates.id })
      .from(certificates)
      .where(and(eq(certificates.userId, userId), eq(certificates.courseId, courseId)))
      .limit(1);
    if (existing) return { kind: 'exists', certificateId: existing.id };

    const [course] = await tx
      .select({ title: courses.title })
      .from(courses)
      .where(and(eq(courses.id, courseId), eq(courses.published, true), sql`${courses.draftOf} is null`))
      .limit(1);
    if (!course) return { kind: 'not_earned', reason: 'no_course' };

    // One row per course: its watchable lessons, how many the learner completed, how many are paid, and the seconds
    // the learner really watched of them (the honest figure the certificate states).
    const [totals] = await tx
      .select({
        lessons: sql<number>`count(*)`,
        completed: sql<number>`count(*) filter (where ${lessonProgress.completed})`,
        paid: sql<number>`count(*) filter (where not ${lessons.isFree})`,
        watchedSeconds: sql<number>`coalesce(sum(${lessonProgress.watchedSeconds}), 0)`,
      })
      .from(lessons)
      .leftJoin(lessonProgress, and(eq(lessonProgress.lessonId, lessons.id), eq(lessonProgress.userId, userId)))
      // A lesson with no video yet (a reading lesson, its recording to come) has nothing to watch: the rule is
      // about every lesson that can be watched, so it neither counts nor blocks the certificate.
      .where(and(eq(lessons.courseId, courseId), isNotNull(lessons.videoType)));
    const lessonCount = Number(totals?.lessons ?? 0);
    if (lessonCount === 0) return { kind: 'not_earned', reason: 'no_lessons' };
    if (Number(totals?.completed ?? 0) < lessonCount) return { kind: 'not_earned', reason: 'lessons_incomplete' };

    const quizzes = await quizStandings(tx, userId, courseId);
    if (quizzes.some((quiz) => !quiz.passed)) return { kind: 'not_earned', reason: 'quiz_not_passed' };

    if (Number(totals?.paid ?? 0) > 0 && !(await hasAccessNow(tx, userId, courseId, now))) {
      return { kind: 'not_earned', reason: 'no_access' };
    }

    const [learner] = await tx
      .select({ name: users.name, email: users.email })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (!learner) return { kind: 'not_earned', reason: 'no_access' };

    const watchedSeconds = Number(totals?.watchedSeconds ?? 0);
    const quizScores = quizzes.map((quiz) => ({ title: quiz.title, scorePercent: quiz.bestPercent ?? 0 }));
    const [issued] = await tx
      .insert(certificates)
      .values({
        id: newCertificateId(),
        userId,
        courseId,
        learnerName: learner.name,
        courseTitle: course.title,
        issuedAt: now,
        watchedSeconds,
        quizScores,
      })
      .onConflictDoNothing()
      .returning({ id: certificates.id });
    if (!issued) {
      const [winner] = await tx
        .select({ id: certificates.id })
        .from(certificates)
        .where(and(eq(certificates.userId, userId), eq(certificates.courseId, courseId)))
        .limit(1);
      return { kind: 'exists', certificateId: winner?.id ?? '' };
    }

    const certificateUrl = verificationUrl(outbox.context.publicUrl, issued.id);
    await outbox.queue(tx, {
      kind: 'certificate',
      dedupeKey: `certificate:${issued.id}`,
      userId,
      to: { name: learner.name, address: learner.email },
      mail: (language) =>
        certificateMail(
          outbox.context,
          {
            learnerName: learner.name,
            courseTitle: course.title,
            certificateId: issued.id,
            issuedAt: now,
            watched: mailLocale(language).watched(watchedSeconds),
            quizScores,
            certificateUrl,
            linkedInUrl: linkedInAddUrl({
              courseTitle: course.title,
              organizationName: outbox.context.site.productName,
              issuedAt: now,
              certificateUrl,
              certificateId: issued.id,
            }),
          },
          language,
        ),
      now,
    });
    return { kind: 'issued', certificateId: issued.id };
  });
}

/** Lifetime access, or a week that has not run out. */
async function hasAccessNow(tx: Tx, userId: string, courseId: string, now: Date): Promise<boolean> {
  const [row] = await tx
    .select({ accessType: enrollments.accessType, expiresAt: enrollments.expiresAt })
    .from(enrollments)
    .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)))
    .limit(1);
  if (!row) return false;
  return row.accessType === 'permanent' || (row.expiresAt !== null && row.expiresAt.getTime() > now.getTime());
}
