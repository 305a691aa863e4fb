// The certificates module's public surface: what the composition root and other modules may use.
export { type AwardInput, type AwardOutcome, awardCertificateIfEarned } from './award.ts';
export { revokeCertificate, tombstoneCertificates } from './lifecycle.ts';
export { type CertificatePdfInput, certificatePdf } from './pdf.ts';
export { certificateRoutes } from './routes.ts';
