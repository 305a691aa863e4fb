/** The public verification page of a certificate: what a learner shares, and what the PDF and LinkedIn point to. */
export function verificationUrl(publicUrl: string, id: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/certificates/${encodeURIComponent(id)}`;
}

/** The year and month (1-12) of a date in India's time zone, where the product's dates are read. */
export function indianYearMonth(date: Date): { year: number; month: number } {
  const parts = new Intl.DateTimeFormat('en-IN', {
    timeZone: 'Asia/Kolkata',
    year: 'numeric',
    month: 'numeric',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month') };
}

/**
 * LinkedIn's "Add licence or certification" form, filled in: the learner lands on their profile with the
 * course as the certification's name, the product as the issuing organisation, the issue month, and the
 * verification page and id as the credential. (LinkedIn documents these parameters for its "Add to profile"
 * button; an organisation without a LinkedIn page is named rather than referenced by id.)
 */
export function linkedInAddUrl(facts: {
  courseTitle: string;
  organizationName: string;
  issuedAt: Date;
  certificateUrl: string;
  certificateId: string;
}): string {
  const { year, month } = indianYearMonth(facts.issuedAt);
  const query: Array<[string, string]> = [
    ['startTask', 'CERTIFICATION_NAME'],
    ['name', facts.courseTitle],
    ['organizationName', facts.organizationName],
    ['issueYear', String(year)],
    ['issueMonth', String(month)],
    ['certUrl', facts.certificateUrl],
    ['certId', facts.certificateId],
  ];
  // Percent-encoded (a space as %20, not URLSearchParams' '+', which not every reader of the link decodes).
  return `https://www.linkedin.com/profile/add?${query.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`;
}
