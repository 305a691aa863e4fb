import type { Certificate } from '@kaushal/contract';
import { BadgeCheck, ShieldX } from 'lucide-react';
import { t } from '@/lib/i18n/i18n';
import { formatCertificateDate } from '../lib/wording';

/** Verified or revoked, in words as well as colour, with the date a revocation took effect. */
export function CertificateStatus({ certificate }: { certificate: Certificate }) {
  if (certificate.status === 'revoked') {
    return (
      <p className="inline-flex items-center gap-2 rounded-full border border-danger/50 bg-danger/10 px-3 py-1 text-sm font-semibold text-danger">
        <ShieldX className="size-4" aria-hidden="true" />
        {certificate.revokedAt
          ? t('Revoked on {date}', { date: formatCertificateDate(certificate.revokedAt) })
          : t('Revoked')}
      </p>
    );
  }
  return (
    <p className="inline-flex items-center gap-2 rounded-full border border-success/40 bg-success/15 px-3 py-1 text-sm font-semibold text-success [.light_&]:text-[#0a5c2e]">
      <BadgeCheck className="size-4" aria-hidden="true" />
      {t('Verified')}
    </p>
  );
}
