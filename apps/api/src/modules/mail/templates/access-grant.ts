import {
  button,
  facts,
  htmlFrame,
  type MailContext,
  type MailLanguage,
  mailLocale,
  paragraph,
  type RenderedMail,
  textFrame,
} from './layout.ts';

export interface AccessGrantFacts {
  learnerName: string;
  courseId: string;
  courseTitle: string;
  /** When the access ends; null for lifetime access. */
  accessUntil: Date | null;
}

/**
 * Sent when support or an admin gives a learner access to a course in the console. A service message (it says
 * what changed on their account), so it goes whatever the learner's email settings. The staff's reason stays in
 * the audit log: it is written for colleagues, not for the learner.
 */
export function accessGrantMail(
  context: MailContext,
  f: AccessGrantFacts,
  language: MailLanguage = 'en',
): RenderedMail {
  const l = mailLocale(language);
  const { t } = l;
  const courseUrl = `${context.publicUrl}/course/${encodeURIComponent(f.courseId)}`;
  const access = f.accessUntil ? t('common.until', { date: l.dateTime(f.accessUntil) }) : t('common.lifetimeAccess');
  const intro = t('grant.intro', { learnerName: f.learnerName, courseTitle: f.courseTitle });
  const rows = [
    [t('common.course'), f.courseTitle],
    [t('common.access'), access],
  ] as const;
  const help = t('grant.help');
  const title = t('grant.title', { courseTitle: f.courseTitle });
  const open = t('common.openCourse');
  return {
    subject: title,
    html: htmlFrame(
      context,
      {
        preheader: t('grant.preheader', { courseTitle: f.courseTitle }),
        heading: title,
        blocks: [paragraph(intro), facts(rows), button(open, courseUrl), paragraph(help)],
      },
      l,
    ),
    text: textFrame(
      context,
      [
        title,
        '',
        intro,
        '',
        ...rows.map(([label, value]) => l.line(label, value)),
        '',
        l.line(open, courseUrl),
        '',
        help,
      ],
      undefined,
      l,
    ),
    headers: { 'Reply-To': context.site.supportEmail },
  };
}
