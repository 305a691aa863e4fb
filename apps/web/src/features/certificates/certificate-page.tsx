import type { Certificate } from '@kaushal/contract';
import { useQuery } from '@tanstack/react-query';
import { BriefcaseBusiness, Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { apiUrl } from '@/lib/api-client';
import { t } from '@/lib/i18n/i18n';
import { Link, useParams } from '@/lib/router';
import { site } from '@/lib/site';
import { usePageTitle } from '@/lib/use-page-title';
import { certificatePdfPath, certificateQuery } from './api/certificate-query';
import { CertificateMissing } from './components/certificate-missing';
import { CertificateSkeleton } from './components/certificate-skeleton';
import { CertificateStatus } from './components/certificate-status';
import { formatCertificateDate, formatWatchedTime } from './lib/wording';

/**
 * The public verification page of a certificate (`/certificates/:id`), for anyone holding the link: an employer
 * needs no account. Drawn on the server for the first paint, with link-preview tags (app/routes.tsx).
 */
export function CertificatePage() {
  const { id = '' } = useParams();
  const query = useQuery(certificateQuery(id));
  usePageTitle(
    query.data
      ? t('{course}: certificate of {learner}', { course: query.data.course.title, learner: query.data.learnerName })
      : t('Certificate'),
  );

  if (query.isPending) return <CertificateSkeleton />;
  if (query.isError) return <CertificateMissing error={query.error} onRetry={() => void query.refetch()} />;
  return <CertificateView certificate={query.data} />;
}

function CertificateView({ certificate: c }: { certificate: Certificate }) {
  const revoked = c.status === 'revoked';
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 md:px-6">
      <article
        aria-labelledby="certificate-title"
        className="space-y-8 rounded-2xl border border-border bg-surface p-5 sm:p-8 md:p-10"
      >
        <header className="space-y-3">
          <p className="text-sm font-semibold tracking-widest text-accent uppercase">{site.productName}</p>
          <h1 id="certificate-title" className="text-3xl font-bold break-words md:text-4xl">
            {t('Certificate of completion')}
          </h1>
          <CertificateStatus certificate={c} />
        </header>

        {revoked && (
          <p className="rounded-lg border border-danger/50 bg-danger/10 p-4 text-sm">
            {c.revokedAt
              ? t(
                  'This certificate was revoked on {date} after the course was refunded. It no longer certifies that the course was completed.',
                  { date: formatCertificateDate(c.revokedAt) },
                )
              : t(
                  'This certificate was revoked after the course was refunded. It no longer certifies that the course was completed.',
                )}
          </p>
        )}

        <dl className="grid gap-x-8 gap-y-5 sm:grid-cols-2">
          <Fact label={t('Awarded to')}>
            <span className="text-xl font-semibold break-words">{c.learnerName}</span>
          </Fact>
          <Fact label={t('Course')}>
            <Link
              to={`/course/${encodeURIComponent(c.course.id)}`}
              className="text-xl font-semibold break-words text-accent underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
            >
              {c.course.title}
            </Link>
          </Fact>
          <Fact label={t('Issued on')}>{formatCertificateDate(c.issuedAt)}</Fact>
          <Fact label={t('Time watched')}>{formatWatchedTime(c.watchedSeconds)}</Fact>
          <Fact label={t('Certificate ID')}>
            <code className="font-mono text-sm break-all">{c.id}</code>
          </Fact>
        </dl>

        {c.quizScores.length > 0 && (
          <section aria-labelledby="quiz-scores-title" className="space-y-3">
            <h2 id="quiz-scores-title" className="text-lg font-semibold">
              {t('Quiz scores')}
            </h2>
            <ul className="divide-y divide-border rounded-lg border border-border">
              {c.quizScores.map((quiz, index) => (
                <li key={`${index}-${quiz.title}`} className="flex items-center justify-between gap-4 px-4 py-3">
                  <span className="min-w-0 break-words">{quiz.title}</span>
                  <span className="font-semibold tabular-nums">{quiz.scorePercent}%</span>
                </li>
              ))}
            </ul>
          </section>
        )}

        <p className="text-sm text-muted">
          {t(
            '{product} issues a certificate only when every lesson of the course was really watched (at least 90% of each video, not skipped through) and every quiz was passed. This page is the proof: it shows the certificate as it stands today.',
            { product: site.productName },
          )}
        </p>

        <div className="flex flex-col gap-3 sm:flex-row">
          <Button asChild>
            <a href={apiUrl(certificatePdfPath(c.id))} download>
              <Download aria-hidden="true" />
              {t('Download PDF')}
            </a>
          </Button>
          {!revoked && (
            <Button asChild variant="outline">
              <a href={c.linkedInUrl} target="_blank" rel="noopener noreferrer">
                <BriefcaseBusiness aria-hidden="true" />
                {t('Add to LinkedIn profile')}
                <span className="sr-only"> {t('(opens in a new tab)')}</span>
              </a>
            </Button>
          )}
        </div>
      </article>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0 space-y-1">
      <dt className="text-sm text-muted">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
