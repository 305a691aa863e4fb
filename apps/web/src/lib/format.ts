import { intlLocale, t } from '@/lib/i18n/i18n';

/** '₹4,999', '₹2,399.20' (a coupon's price has paise: always two digits then), or 'Free' for 0. */
export const formatPrice = (rupees: number) => (rupees === 0 ? t('Free') : formatRupees(rupees));

/** '₹4,999' or '₹2,399.20', even for 0 (tiers, totals). */
export const formatRupees = (rupees: number) => formatPaise(Math.round(rupees * 100));

/** One formatter per language and kind, made when first used: numbers and amounts follow the interface's
 * language (India's grouping, 1,00,000, in English and Hindi). */
const formatters = new Map<string, Intl.NumberFormat>();
function formatter(kind: 'count' | 'rupees' | 'paise'): Intl.NumberFormat {
  const locale = intlLocale();
  const key = `${locale} ${kind}`;
  let made = formatters.get(key);
  if (!made) {
    const money = { style: 'currency', currency: 'INR', currencyDisplay: 'narrowSymbol' } as const;
    made = new Intl.NumberFormat(
      locale,
      kind === 'count'
        ? {}
        : kind === 'rupees'
          ? { ...money, maximumFractionDigits: 0 }
          : { ...money, minimumFractionDigits: 2, maximumFractionDigits: 2 },
    );
    formatters.set(key, made);
  }
  return made;
}

export const formatCount = (n: number) => formatter('count').format(n);

/** Students in thousands with K+ (spec); the plain number below 1,000. */
export const formatStudentsShort = (n: number) => (n >= 1000 ? `${Math.floor(n / 1000)}K+` : String(n));

/** An amount the API gives in paise, for reading: '₹4,999', '₹4,999.50', '₹0'. */
export function formatPaise(paise: number): string {
  return formatter(paise % 100 === 0 ? 'rupees' : 'paise').format(paise / 100);
}

/** One date formatter per language and length, made when first used. */
const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A date in the interface's language, as India's time zone dates it (invoices and certificates do, and the
 * server's first paint and the browser then print the same day):
 * 'short' is '5 Jan 2027', 'long' is '5 January 2027' (in English; each locale's own order elsewhere).
 */
export function formatDate(iso: string, length: 'short' | 'long'): string {
  const locale = intlLocale();
  const key = `${locale} ${length}`;
  let made = dateFormatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(locale, {
      timeZone: 'Asia/Kolkata',
      day: 'numeric',
      month: length,
      year: 'numeric',
    });
    dateFormatters.set(key, made);
  }
  return made.format(new Date(iso));
}
