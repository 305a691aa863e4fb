// The catalogues (docs/decisions/030): English is the spec's own words, and every other language says every
// message, with the same placeholders.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CONTACT_CATEGORIES, LANGUAGES } from '@kaushal/contract';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { formatPaise, formatRupees } from '@/lib/format';
import { site } from '@/lib/site';
import { activateLanguage, t } from './i18n';

const dir = path.join(import.meta.dirname, 'catalogs');
const catalogue = (language: string): Record<string, string> =>
  JSON.parse(readFileSync(path.join(dir, `${language}.json`), 'utf8'));
const english = catalogue('en');

/** The spec's strings among the interface's messages, copied verbatim from the spec: English must show them. */
const SPEC_STRINGS = [
  'Courses',
  'Dashboard',
  'Logout',
  'Sign In',
  'Start Free Lesson',
  'Sign in required',
  'Please sign in to access this lesson.',
  'Please sign in to enroll in this course.',
  'Enrollment required',
  'Please enroll in the course to access this lesson.',
  'No video available',
  "This lesson doesn't have a video yet.",
  'No free lesson available',
  "This course doesn't have a free preview lesson.",
  'Failed to load lesson. Please try again.',
  'Failed to load video',
  'Video Error',
  'Failed to load courses. Please try again later.',
  'Failed to load course details. Please try again.',
  'Permanent Access',
  'Active Access',
  '12-hour money-back guarantee',
  'Settings Saved',
  'Your preferences have been updated successfully.',
  'Failed to save settings. Please try again.',
  'Save Settings',
  'My Courses',
  'Profile',
  'Settings',
  'Privacy Policy',
  'Refund Policy',
  'Terms and Conditions',
  'About Us',
  'Contact Us',
  'Beginner',
  'Intermediate',
  'Advanced',
];

/** The names a compiled message fills in ('{name}', a plural's '{count, plural, …}'), and those of its branches. */
function placeholders(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: unknown) => {
    if (!Array.isArray(tokens)) return;
    for (const token of tokens) {
      if (!Array.isArray(token)) continue;
      if (typeof token[0] === 'string') names.add(token[0]);
      const branches = token[2];
      if (branches && typeof branches === 'object') for (const branch of Object.values(branches)) walk(branch);
    }
  };
  walk(compileMessage(message));
  return [...names].sort();
}

describe('the message catalogues', () => {
  it('keep the spec strings in English exactly as the spec writes them', () => {
    for (const text of SPEC_STRINGS) expect(english[text], text).toBe(text);
    // The ids are the English texts: the English catalogue says each id as it is written.
    for (const [id, text] of Object.entries(english)) expect(text).toBe(id);
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))('has every message in %s, with the same placeholders', (language) => {
    const messages = catalogue(language);
    expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort());
    for (const [id, text] of Object.entries(messages)) {
      expect(text.trim(), `${language}: ${id}`).not.toBe('');
      expect(placeholders(text), `${language}: ${id}`).toEqual(placeholders(id));
    }
  });

  it('has the content texts the interface shows through translateText (site.json, contact categories)', () => {
    const texts = [
      site.tagline,
      ...site.supportHours.flatMap((h) => [h.days, h.hours]),
      ...CONTACT_CATEGORIES.map((c) => c.label),
    ];
    for (const text of texts) expect(english[text], text).toBe(text);
  });

  it('fills placeholders in English without a compiled message, as in every other language', async () => {
    expect(t('Refund {amount}', { amount: '₹799' })).toBe('Refund ₹799');
    expect(t('Question {number} of {total}:', { number: 2, total: 3 })).toBe('Question 2 of 3:');
    await activateLanguage('fr');
    expect(t('Refund {amount}', { amount: '799 ₹' })).toBe('Rembourser 799 ₹');
    await activateLanguage('en');
  });

  it('translates plurals and amounts for the chosen language, with Indian digit grouping in en and hi', async () => {
    expect(t('{count, plural, one {# lesson} other {# lessons}}', { count: 1 })).toBe('1 lesson');
    expect(formatRupees(100_000)).toBe('₹1,00,000');
    await activateLanguage('hi');
    expect(t('{count, plural, one {# lesson} other {# lessons}}', { count: 3 })).toBe('3 पाठ');
    expect(t('Start Free Lesson')).toBe('मुफ़्त पाठ शुरू करें');
    expect(formatRupees(100_000)).toBe('₹1,00,000');
    await activateLanguage('de');
    expect(t('{count, plural, one {# lesson} other {# lessons}}', { count: 1 })).toBe('1 Lektion');
    expect(formatPaise(10_000_050).replace(/\s/g, ' ')).toBe('100.000,50 ₹');
    await activateLanguage('en');
    expect(t('Start Free Lesson')).toBe('Start Free Lesson');
  });
});
