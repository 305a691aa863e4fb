import { Building2, HelpCircle, Mail, Phone } from 'lucide-react';
import { CompanyAddress } from '@/components/ui/company-address';
import { t, translateText } from '@/lib/i18n/i18n';
import { Link } from '@/lib/router';
import { site } from '@/lib/site';

/** Headquarters and hours, the two mailboxes (general and business) and the FAQ link. */
export function Headquarters() {
  return (
    <aside aria-labelledby="hq-heading" className="space-y-6 rounded-2xl border border-border bg-surface p-6">
      <div className="space-y-3">
        <h2 id="hq-heading" className="flex items-center gap-2 text-lg font-semibold">
          <Building2 className="size-5 text-accent" aria-hidden="true" />
          {t('Headquarters')}
        </h2>
        <CompanyAddress className="text-sm text-muted" />
        <p className="flex items-center gap-2 text-sm">
          <Phone className="size-4 text-accent" aria-hidden="true" />
          <a href={`tel:${site.phone.replaceAll(' ', '')}`} className="hover:text-accent">
            {site.phone}
          </a>
        </p>
      </div>

      <div className="space-y-2">
        <h3 className="font-semibold">{t('Office hours')}</h3>
        <dl className="space-y-1 text-sm text-muted">
          {site.supportHours.map((h) => (
            <div key={h.days} className="flex flex-wrap justify-between gap-x-3">
              <dt>{translateText(h.days)}</dt>
              <dd>{translateText(h.hours)}</dd>
            </div>
          ))}
        </dl>
      </div>

      <div className="space-y-2">
        <h3 className="font-semibold">{t('Email us')}</h3>
        <dl className="space-y-2 text-sm">
          <div>
            <dt className="text-muted">{t('General support')}</dt>
            <dd>
              <a
                href={`mailto:${site.supportEmail}`}
                className="inline-flex items-center gap-2 text-accent hover:underline"
              >
                <Mail className="size-4" aria-hidden="true" />
                {site.supportEmail}
              </a>
            </dd>
          </div>
          <div>
            <dt className="text-muted">{t('Business and partnerships')}</dt>
            <dd>
              <a
                href={`mailto:${site.businessEmail}`}
                className="inline-flex items-center gap-2 text-accent hover:underline"
              >
                <Mail className="size-4" aria-hidden="true" />
                {site.businessEmail}
              </a>
            </dd>
          </div>
        </dl>
      </div>

      <p className="flex items-center gap-2 text-sm">
        <HelpCircle className="size-4 text-accent" aria-hidden="true" />
        <span>
          {t('Looking for quick answers?')}{' '}
          <Link to="/faq" className="font-semibold text-accent underline underline-offset-4 hover:no-underline">
            {t('Visit our FAQ')}
          </Link>
        </span>
      </p>
    </aside>
  );
}
