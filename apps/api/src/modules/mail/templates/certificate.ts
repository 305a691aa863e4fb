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

export interface CertificateFacts {
  learnerName: string;
  courseTitle: string;
  certificateId: string;
  issuedAt: Date;
  /** The time really watched, already worded ("3 h 20 min"). */
  watched: string;
  quizScores: ReadonlyArray<{ title: string; scorePercent: number }>;
  /** The public verification page. */
  certificateUrl: string;
  /** LinkedIn's add-certification form, filled in. */
  linkedInUrl: string;
}

/** Sent once when a certificate is issued: the link to its public page, and the way to put it on LinkedIn. */
export function certificateMail(context: MailContext, f: CertificateFacts): RenderedMail {
  const intro = `Congratulations, ${f.learnerName}: you watched every lesson of ${f.courseTitle} and passed every quiz, so your certificate is ready.`;
  const share =
    'Anyone you give the link to (an employer, a recruiter) can check it on our site, and download it as a PDF.';
  const rows: Array<readonly [string, string]> = [
    ['Course', f.courseTitle],
    ['Issued to', f.learnerName],
    ['Issued on', formatIndianDateTime(f.issuedAt)],
    ['Time watched', f.watched],
    ...f.quizScores.map((quiz) => [quiz.title, `${quiz.scorePercent}%`] as const),
    ['Certificate ID', f.certificateId],
  ];
  return {
    subject: `Your certificate for ${f.courseTitle}`,
    html: htmlFrame(context, {
      preheader: `Your certificate for ${f.courseTitle} is ready to share.`,
      heading: 'Your certificate is ready',
      blocks: [
        paragraph(intro),
        facts(rows),
        button('View your certificate', f.certificateUrl),
        paragraph(share),
        button('Add to LinkedIn profile', f.linkedInUrl),
      ],
    }),
    text: textFrame(context, [
      'Your certificate is ready',
      '',
      intro,
      '',
      ...rows.map(([label, value]) => `${label}: ${value}`),
      '',
      `View your certificate: ${f.certificateUrl}`,
      '',
      share,
      `Add to LinkedIn profile: ${f.linkedInUrl}`,
    ]),
  };
}
