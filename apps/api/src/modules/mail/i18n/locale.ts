import { LANGUAGES, type Settings } from '@kaushal/contract';
import { IntlMessageFormat } from 'intl-messageformat';
import { formatRupees } from '../../../lib/money.ts';
import { de } from './de.ts';
import { en, type MessageKey } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { hi } from './hi.ts';

export type MailLanguage = Settings['language'];
export type { MessageKey };

export const MAIL_CATALOGUES: Record<MailLanguage, Record<MessageKey, string>> = { en, hi, es, fr, de };

/**
 * The locale whose conventions each language's emails follow: plural rules, digits and grouping, date words.
 * English and Hindi are India's (₹1,49,999); the others their own (1.499,50 ₹ in German).
 */
export const MAIL_LOCALES: Record<MailLanguage, string> = { en: 'en-IN', hi: 'hi-IN', es: 'es', fr: 'fr', de: 'de' };

/** A value stored in settings or on a row, read as a language the emails know (anything else: English). */
export function mailLanguage(value: unknown): MailLanguage {
  return (LANGUAGES as readonly unknown[]).includes(value) ? (value as MailLanguage) : 'en';
}

/** What a template needs to write in one language. */
export interface MailLocale {
  language: MailLanguage;
  /** The catalogue's text, its ICU arguments filled in (plain text: the layout escapes it for HTML). */
  t(key: MessageKey, values?: Record<string, string | number>): string;
  /** A label and its value on one line of the plain-text part ("Amount paid: ₹999"). */
  line(label: string, value: string): string;
  /** A date and time in India's time zone, as this language writes it: 25 Nov 2026, 2:30 pm IST. */
  dateTime(date: Date): string;
  /** Rupees as this language writes them, paise only when there are any. */
  rupees(paise: number): string;
  /** Time really watched: "3 h 20 min", "less than a minute". */
  watched(seconds: number): string;
}

// Parsing a message costs far more than formatting it: each is compiled once per process.
const compiled = new Map<string, IntlMessageFormat>();

function format(language: MailLanguage, key: MessageKey, values?: Record<string, string | number>): string {
  const id = `${language}\u0000${key}`;
  let message = compiled.get(id);
  if (!message) {
    message = new IntlMessageFormat(MAIL_CATALOGUES[language][key], MAIL_LOCALES[language]);
    compiled.set(id, message);
  }
  // Only strings and numbers go in, so the result is one string (never an array of parts).
  return message.format(values) as string;
}

const DATE_TIME: Intl.DateTimeFormatOptions = {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};

/** The same date and money conventions in every language; only the words and the locale's habits differ. */
export function dateTimeIn(language: MailLanguage, date: Date): string {
  return `${date.toLocaleString(MAIL_LOCALES[language], DATE_TIME)} IST`;
}

export function rupeesIn(language: MailLanguage, paise: number): string {
  // English keeps the product's one rupee format (lib/money.ts), as on the site and the invoices.
  if (language === 'en') return formatRupees(paise);
  const rupees = paise / 100;
  const fraction = Number.isInteger(rupees) ? 0 : 2;
  return new Intl.NumberFormat(MAIL_LOCALES[language], {
    style: 'currency',
    currency: 'INR',
    // ₹ in every language (Spanish would otherwise write INR).
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: fraction,
    maximumFractionDigits: 2,
  }).format(rupees);
}

const locales = new Map<MailLanguage, MailLocale>();

/** The emails' texts and formats in one language (the recipient's; decision 031). */
export function mailLocale(language: MailLanguage = 'en'): MailLocale {
  const existing = locales.get(language);
  if (existing) return existing;
  const t: MailLocale['t'] = (key, values) => format(language, key, values);
  const locale: MailLocale = {
    language,
    t,
    line: (label, value) => t('common.line', { label, value }),
    dateTime: (date) => dateTimeIn(language, date),
    rupees: (paise) => rupeesIn(language, paise),
    watched: (seconds) => {
      const minutes = Math.floor(seconds / 60);
      if (minutes < 1) return t('certificate.watched.underMinute');
      const hours = Math.floor(minutes / 60);
      const rest = minutes % 60;
      if (hours === 0) return t('certificate.watched.minutes', { minutes: rest });
      return rest === 0
        ? t('certificate.watched.hours', { hours })
        : t('certificate.watched.hoursMinutes', { hours, minutes: rest });
    },
  };
  locales.set(language, locale);
  return locale;
}
