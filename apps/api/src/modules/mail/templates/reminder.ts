import { button, escapeHtml, htmlFrame, type MailContext, paragraph, type RenderedMail, textFrame } from './layout.ts';

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
export function reminderMail(context: MailContext, f: ReminderFacts): RenderedMail {
  const [first] = f.courses;
  if (!first) throw new Error('a reminder needs at least one unfinished course');
  const lessonUrl = (c: ReminderCourse) =>
    `${context.publicUrl}/course/${encodeURIComponent(c.courseId)}?lesson=${encodeURIComponent(c.nextLesson.id)}`;
  const intro = `Hi ${f.learnerName}, a little progress each week adds up. Here is where you left off.`;
  const why = 'You get this weekly email because course reminders are on in your settings.';
  const items = f.courses.map(
    (c) => `${c.title}: ${c.completedLessons} of ${c.totalLessons} lessons done. Next: ${c.nextLesson.title}`,
  );
  return {
    subject: `Continue ${first.title}: next up, ${first.nextLesson.title}`,
    html: htmlFrame(context, {
      preheader: `Next up: ${first.nextLesson.title}`,
      heading: 'Your week in learning',
      blocks: [
        paragraph(intro),
        ...f.courses.map(
          (c, index) =>
            `<p style="margin:0 0 4px;font-size:16px;font-weight:600">${escapeHtml(c.title)}</p><p class="muted" style="margin:0 0 8px;font-size:14px;color:#475569">${c.completedLessons} of ${c.totalLessons} lessons done · Next: ${escapeHtml(c.nextLesson.title)}</p>${
              index === 0
                ? button('Continue learning', lessonUrl(c))
                : `<p style="margin:0 0 20px"><a href="${escapeHtml(lessonUrl(c))}" style="color:#4338ca">Continue ${escapeHtml(c.title)}</a></p>`
            }`,
        ),
      ],
      footerNote: `${escapeHtml(why)} <a href="${escapeHtml(f.unsubscribeUrl)}" style="color:#4338ca">Unsubscribe from course reminders</a>.`,
    }),
    text: textFrame(
      context,
      [
        'Your week in learning',
        '',
        intro,
        '',
        ...f.courses.flatMap((c, i) => [items[i] ?? '', `Continue: ${lessonUrl(c)}`, '']),
      ],
      `${why} Unsubscribe: ${f.unsubscribeUrl}`,
    ),
    headers: {
      'List-Unsubscribe': `<${f.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
