import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { en, type MessageKey } from './en.ts';
import { MAIL_CATALOGUES, MAIL_LOCALES, type MailLanguage, mailLanguage } from './locale.ts';

/** The argument names a message uses, however deep (inside a plural's branches too). */
function argumentsOf(message: string, locale: string): string[] {
  const names = new Set<string>();
  const walk = (elements: ReturnType<IntlMessageFormat['getAst']>) => {
    for (const element of elements) {
      if ('value' in element && element.type !== 0) names.add(String(element.value));
      if ('options' in element) for (const option of Object.values(element.options)) walk(option.value);
      if ('children' in element) walk(element.children);
    }
  };
  walk(new IntlMessageFormat(message, locale).getAst());
  return [...names].sort();
}

const keys = Object.keys(en) as MessageKey[];
const languages = Object.keys(MAIL_CATALOGUES) as MailLanguage[];

describe('the emails’ message catalogue', () => {
  it('has a catalogue for every language a learner can choose', () => {
    expect(languages.sort()).toEqual(['de', 'en', 'es', 'fr', 'hi']);
  });

  it.each(languages.filter((l) => l !== 'en'))(
    '%s: every English key, no other, each with the same ICU arguments',
    (language) => {
      const catalogue = MAIL_CATALOGUES[language];
      expect(Object.keys(catalogue).sort()).toEqual([...keys].sort());
      for (const key of keys) {
        expect({ key, args: argumentsOf(catalogue[key], MAIL_LOCALES[language]) }).toEqual({
          key,
          args: argumentsOf(en[key], 'en-IN'),
        });
      }
    },
  );

  it.each(languages.filter((l) => l !== 'en'))('%s: translated, not English left behind', (language) => {
    // Short texts may be the same in both (a format, a word like "Ticket", the "Re:" every mail client reads);
    // whole sentences never.
    const same = keys.filter(
      (key) => key !== 'support.subject' && MAIL_CATALOGUES[language][key] === en[key] && en[key].length > 24,
    );
    expect(same).toEqual([]);
  });

  it('finds the arguments inside plural branches (what the comparison above relies on)', () => {
    expect(argumentsOf(en['contact.target.technical'], 'en-IN')).toEqual(['critical', 'general']);
    expect(argumentsOf(MAIL_CATALOGUES.fr['reminder.progress'], 'fr')).toEqual(['completed', 'total']);
    expect(argumentsOf(en['welcome.noLessons'], 'en-IN')).toEqual([]);
  });

  it('reads an unknown or missing language as English', () => {
    expect(mailLanguage('hi')).toBe('hi');
    expect(mailLanguage('xx')).toBe('en');
    expect(mailLanguage(undefined)).toBe('en');
  });
});
