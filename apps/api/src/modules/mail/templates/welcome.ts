import { button, htmlFrame, type MailContext, paragraph, type RenderedMail, textFrame } from './layout.ts';

export interface WelcomeFacts {
  learnerName: string;
  courseId: string;
  courseTitle: string;
  /** The course's first lesson, where the link leads; null for a course without lessons yet. */
  firstLesson: { id: string; title: string } | null;
}

/** Sent when a learner is first enrolled in a course, free or paid. */
export function welcomeMail(context: MailContext, f: WelcomeFacts): RenderedMail {
  const courseUrl = `${context.publicUrl}/course/${encodeURIComponent(f.courseId)}`;
  const startUrl = f.firstLesson ? `${courseUrl}?lesson=${encodeURIComponent(f.firstLesson.id)}` : courseUrl;
  const intro = `Hi ${f.learnerName}, you are enrolled in ${f.courseTitle}. Your progress is saved as you watch, on every device you sign in on.`;
  const first = f.firstLesson
    ? `Start with the first lesson: ${f.firstLesson.title}.`
    : 'The first lessons are on their way.';
  const label = f.firstLesson ? 'Start the first lesson' : 'Open the course';
  return {
    subject: `Welcome to ${f.courseTitle}`,
    html: htmlFrame(context, {
      preheader: first,
      heading: `Welcome to ${f.courseTitle}`,
      blocks: [paragraph(intro), paragraph(first), button(label, startUrl)],
    }),
    text: textFrame(context, [`Welcome to ${f.courseTitle}`, '', intro, '', first, `${label}: ${startUrl}`]),
  };
}
