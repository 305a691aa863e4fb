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

export interface CertificateFacts {
  learnerName: string;
  courseTitle: string;
  certificateId: string;
  issuedAt: Date;
  /** The time really watched, already worded in the mail's language ("3 h 20 min": MailLocale.watched). */
  watched: string;
  quizScores: ReadonlyArray<{ title: string; scorePercent: number }>;
  /** The public verification page. */
  certificateUrl: string;
  /** LinkedIn's add-certification form, filled in. */
  linkedInUrl: string;
}

/** Sent once when a certificate is issued: the link to its public page, and the way to put it on LinkedIn. */
export function certificateMail(
  context: MailContext,
  f: CertificateFacts,
  language: MailLanguage = 'en',
): RenderedMail {
  const l = mailLocale(language);
  const { t } = l;
  const intro = t('certificate.intro', { learnerName: f.learnerName, courseTitle: f.courseTitle });
  const share = t('certificate.share');
  const rows: Array<readonly [string, string]> = [
    [t('common.course'), f.courseTitle],
    [t('certificate.issuedTo'), f.learnerName],
    [t('certificate.issuedOn'), l.dateTime(f.issuedAt)],
    [t('certificate.timeWatched'), f.watched],
    ...f.quizScores.map((quiz) => [quiz.title, t('certificate.score', { score: quiz.scorePercent })] as const),
    [t('certificate.id'), f.certificateId],
  ];
  const heading = t('certificate.heading');
  const view = t('certificate.view');
  const linkedIn = t('certificate.linkedIn');
  return {
    subject: t('certificate.subject', { courseTitle: f.courseTitle }),
    html: htmlFrame(
      context,
      {
        preheader: t('certificate.preheader', { courseTitle: f.courseTitle }),
        heading,
        blocks: [
          paragraph(intro),
          facts(rows),
          button(view, f.certificateUrl),
          paragraph(share),
          button(linkedIn, f.linkedInUrl),
        ],
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
        ...rows.map(([label, value]) => l.line(label, value)),
        '',
        l.line(view, f.certificateUrl),
        '',
        share,
        l.line(linkedIn, f.linkedInUrl),
      ],
      undefined,
      l,
    ),
  };
}
