import {
  button,
  facts,
  formatIndianDateTime,
  htmlFrame,
  type MailContext,
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
export function accessGrantMail(context: MailContext, f: AccessGrantFacts): RenderedMail {
  const courseUrl = `${context.publicUrl}/course/${encodeURIComponent(f.courseId)}`;
  const access = f.accessUntil ? `Until ${formatIndianDateTime(f.accessUntil)}` : 'Lifetime access';
  const intro = `Hi ${f.learnerName}, our team has given you access to ${f.courseTitle}. Every lesson is open to you now, and your progress is saved as you watch.`;
  const rows = [
    ['Course', f.courseTitle],
    ['Access', access],
  ] as const;
  const help = 'Questions about your access? Reply to this email.';
  return {
    subject: `You have access to ${f.courseTitle}`,
    html: htmlFrame(context, {
      preheader: `Every lesson of ${f.courseTitle} is open to you now.`,
      heading: `You have access to ${f.courseTitle}`,
      blocks: [paragraph(intro), facts(rows), button('Open the course', courseUrl), paragraph(help)],
    }),
    text: textFrame(context, [
      `You have access to ${f.courseTitle}`,
      '',
      intro,
      '',
      ...rows.map(([label, value]) => `${label}: ${value}`),
      '',
      `Open the course: ${courseUrl}`,
      '',
      help,
    ]),
    headers: { 'Reply-To': context.site.supportEmail },
  };
}
