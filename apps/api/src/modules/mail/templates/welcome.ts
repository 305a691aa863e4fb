import {
  button,
  htmlFrame,
  type MailContext,
  type MailLanguage,
  mailLocale,
  paragraph,
  type RenderedMail,
  textFrame,
} from './layout.ts';

export interface WelcomeFacts {
  learnerName: string;
  courseId: string;
  courseTitle: string;
  /** The course's first lesson, where the link leads; null for a course without lessons yet. */
  firstLesson: { id: string; title: string } | null;
}

/** Sent when a learner is first enrolled in a course, free or paid. */
export function welcomeMail(context: MailContext, f: WelcomeFacts, language: MailLanguage = 'en'): RenderedMail {
  const l = mailLocale(language);
  const { t } = l;
  const courseUrl = `${context.publicUrl}/course/${encodeURIComponent(f.courseId)}`;
  const startUrl = f.firstLesson ? `${courseUrl}?lesson=${encodeURIComponent(f.firstLesson.id)}` : courseUrl;
  const intro = t('welcome.intro', { learnerName: f.learnerName, courseTitle: f.courseTitle });
  const first = f.firstLesson ? t('welcome.firstLesson', { lessonTitle: f.firstLesson.title }) : t('welcome.noLessons');
  const label = f.firstLesson ? t('welcome.start') : t('common.openCourse');
  const title = t('welcome.subject', { courseTitle: f.courseTitle });
  return {
    subject: title,
    html: htmlFrame(
      context,
      { preheader: first, heading: title, blocks: [paragraph(intro), paragraph(first), button(label, startUrl)] },
      l,
    ),
    text: textFrame(context, [title, '', intro, '', first, l.line(label, startUrl)], undefined, l),
  };
}
