import { CompanyAddress } from '@/components/ui/company-address';
import { msg, t, translateText } from '@/lib/i18n/i18n';
import { Link } from '@/lib/router';
import { useSession } from '@/lib/session';
import { site } from '@/lib/site';
import { BrandLogo } from './brand-logo';
import { LanguagePicker } from './language-picker';

/** Spec: the footer links to the privacy policy, refund policy, terms and conditions, about us and contact us. */
const LINKS = [
  { to: '/privacy-policy', label: msg('Privacy Policy') },
  { to: '/refund-policy', label: msg('Refund Policy') },
  { to: '/terms-and-conditions', label: msg('Terms and Conditions') },
  { to: '/about-us', label: msg('About Us') },
  { to: '/contact-us', label: msg('Contact Us') },
] as const;

export function Footer() {
  const session = useSession();
  return (
    <footer className="border-t border-border bg-surface">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 md:grid-cols-[2fr_1fr_1fr] md:px-6">
        <div className="max-w-sm space-y-3">
          <BrandLogo />
          <p className="text-sm text-muted">{translateText(site.tagline)}</p>
          {session.status === 'anonymous' && <LanguagePicker />}
        </div>
        <nav aria-label={t('Footer')}>
          <h2 className="mb-3 text-sm font-semibold">{t('Company')}</h2>
          <ul className="space-y-2">
            {LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="text-sm text-muted hover:text-accent">
                  {t(l.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="space-y-2 text-sm text-muted">
          <h2 className="mb-3 text-sm font-semibold text-fg">{t('Get in touch')}</h2>
          <CompanyAddress withName={false} />
          <a href={`mailto:${site.supportEmail}`} className="block hover:text-accent">
            {site.supportEmail}
          </a>
        </div>
      </div>
      {/* The year may differ from the server's first paint for a few hours at New Year: keep either. */}
      <p className="border-t border-border px-4 py-4 text-center text-xs text-muted" suppressHydrationWarning>
        © {new Date().getFullYear()} {site.productName}. {site.address.city}, {site.address.country}.
      </p>
    </footer>
  );
}
