import type { CertificateSummary } from '@kaushal/contract';
import { GraduationCap } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { t } from '@/lib/i18n/i18n';
import { Link } from '@/lib/router';

/** 'Certificates': each one earned, with its course, date and status, linked to its public page. */
export function MyCertificates({ certificates }: { certificates: CertificateSummary[] }) {
  return (
    <section aria-labelledby="my-certificates-title" className="space-y-4">
      <h2 id="my-certificates-title" className="text-xl font-semibold">
        {t('Certificates')}
      </h2>
      {certificates.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-border bg-surface p-5 text-sm text-muted">
          {t('Watch every lesson of a course and pass its quizzes to earn a certificate you can share with employers.')}
        </p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {certificates.map((certificate) => (
            <li key={certificate.id}>
              <Link
                to={`/certificates/${encodeURIComponent(certificate.id)}`}
                className={cn(
                  'flex items-start gap-3 rounded-2xl border border-border bg-surface p-4 transition-colors hover:bg-surface-2',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent',
                )}
              >
                <span className="rounded-full bg-accent/15 p-2 text-accent">
                  <GraduationCap className="size-5" aria-hidden="true" />
                </span>
                <span className="min-w-0 space-y-1">
                  <span className="block font-semibold break-words">{certificate.course.title}</span>
                  <span className="block text-sm text-muted">
                    {t('Issued {date}', { date: formatDate(certificate.issuedAt, 'long') })}
                  </span>
                  {certificate.status === 'revoked' ? (
                    <Badge variant="muted">{t('Revoked')}</Badge>
                  ) : (
                    <Badge variant="success">{t('Verified')}</Badge>
                  )}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
