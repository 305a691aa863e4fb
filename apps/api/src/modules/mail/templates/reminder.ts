import {
  button,
  escapeHtml,
  htmlFrame,
  type MailContext,
  type MailLanguage,
  mailLocale,
  paragraph,
  type RenderedMail,
  textFrame,
} from './layout.ts';

export interface ReminderCourse {
  courseId: string;
  title: string;
  /** Lessons completed out of all. */
  completedLessons: number;
  totalLessons: number;
  nextLesson: { id: string; title: string };
}

export interface ReminderFacts {
  learnerName: string;
  courses: ReminderCourse[];
  /** Opens the one-click unsubscribe page (signed, no sign-in needed). */
  unsubscribeUrl: string;
}

/** The weekly digest for learners with course reminders on and a course not finished. */
export function reminderMail(context: MailContext, f: ReminderFacts, language: MailLanguage = 'en'): RenderedMail {
  const [first] = f.courses;
  if (!first) throw new Error('a reminder needs at least one unfinished course');
  const l = mailLocale(language);
  const { t } = l;
  const lessonUrl = (c: ReminderCourse) =>
    `${context.publicUrl}/course/${encodeURIComponent(c.courseId)}?lesson=${encodeURIComponent(c.nextLesson.id)}`;
  const intro = t('reminder.intro', { learnerName: f.learnerName });
  const why = t('reminder.why');
  const progress = (c: ReminderCourse) =>
    t('reminder.progress', { completed: c.completedLessons, total: c.totalLessons });
  const next = (c: ReminderCourse) => t('reminder.next', { lessonTitle: c.nextLesson.title });
  const heading = t('reminder.heading');
  return {
    subject: t('reminder.subject', { courseTitle: first.title, lessonTitle: first.nextLesson.title }),
    html: htmlFrame(
      context,
      {
        preheader: t('reminder.preheader', { lessonTitle: first.nextLesson.title }),
        heading,
        blocks: [
          paragraph(intro),
          ...f.courses.map(
            (c, index) =>
              `<p style="margin:0 0 4px;font-size:16px;font-weight:600">${escapeHtml(c.title)}</p><p class="muted" style="margin:0 0 8px;font-size:14px;color:#475569">${escapeHtml(progress(c))} · ${escapeHtml(next(c))}</p>${
                index === 0
                  ? button(t('reminder.continueLearning'), lessonUrl(c))
                  : `<p style="margin:0 0 20px"><a href="${escapeHtml(lessonUrl(c))}" style="color:#4338ca">${escapeHtml(t('reminder.continueCourse', { courseTitle: c.title }))}</a></p>`
              }`,
          ),
        ],
        footerNote: `${escapeHtml(why)} <a href="${escapeHtml(f.unsubscribeUrl)}" style="color:#4338ca">${escapeHtml(t('reminder.unsubscribeLink'))}</a>.`,
      },
      l,
    ),
    text: textFrame(
      context,
      [
        heading,
        '',
        intro,
        '',
        ...f.courses.flatMap((c) => [
          l.line(c.title, t('reminder.summary', { progress: progress(c), next: next(c) })),
          l.line(t('reminder.continue'), lessonUrl(c)),
          '',
        ]),
      ],
      `${why} ${l.line(t('reminder.unsubscribe'), f.unsubscribeUrl)}`,
      l,
    ),
    headers: {
      'List-Unsubscribe': `<${f.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
