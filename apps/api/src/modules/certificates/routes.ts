import { endpoints } from '@kaushal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route.ts';
import { perLearnerRateLimit } from '../../plugins/per-learner-rate-limit.ts';
import { requireUser } from '../auth/index.ts';
import { certificateImage } from './image.ts';
import { verificationUrl } from './links.ts';
import type { CertificatePdfInput } from './pdf.ts';
import { findCertificate, listLearnerCertificates, toCertificate } from './queries.ts';

/**
 * Anyone may read a certificate, signed in or not (an employer checking a CV). The status itself is asked afresh
 * each time (a revocation must show at once); the drawn PDF and preview picture, which cost CPU, may be cached
 * for a minute.
 */
const ALWAYS_REVALIDATE = 'public, no-cache';
const PUBLIC_SHORT_CACHE = 'public, max-age=60';

/** The public verification of certificates, their PDF and preview picture, and the learner's own list. */
export const certificateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, site, pdfThread } = app.deps;
  const context = { publicUrl: config.publicUrl, productName: site.productName };

  route(app, endpoints.certificate, {}, async (request, reply) => {
    const row = await findCertificate(db, request.params.id);
    reply.header('cache-control', ALWAYS_REVALIDATE);
    return toCertificate(row, context);
  });

  // Drawing costs some CPU (tens of milliseconds, on the PDF thread): a budget per visitor, far above what a person
  // clicks.
  route(app, endpoints.certificatePdf, { config: perLearnerRateLimit(30) }, async (request, reply) => {
    const row = await findCertificate(db, request.params.id);
    const input: CertificatePdfInput = {
      row,
      context: { productName: site.productName, verificationUrl: verificationUrl(config.publicUrl, row.id) },
    };
    const pdf = await pdfThread.draw({ kind: 'certificate', input });
    return reply
      .header('cache-control', PUBLIC_SHORT_CACHE)
      .header('content-disposition', `attachment; filename="certificate-${row.id}.pdf"`)
      .type('application/pdf')
      .send(pdf);
  });

  route(app, endpoints.certificateImage, { config: perLearnerRateLimit(60) }, async (request, reply) => {
    const row = await findCertificate(db, request.params.id);
    const png = await certificateImage(row, site.productName);
    return reply.header('cache-control', PUBLIC_SHORT_CACHE).type('image/png').send(png);
  });

  route(app, endpoints.myCertificates, {}, async (request, reply) => {
    const user = await requireUser(request);
    reply.header('cache-control', 'private, no-store');
    return listLearnerCertificates(db, user.id);
  });
};
