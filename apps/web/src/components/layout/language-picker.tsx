import { LANGUAGES } from '@kaushal/contract';
import { useId } from 'react';
import { fieldClass } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { currentLanguage, t } from '@/lib/i18n/i18n';
import { chooseLanguage } from '@/lib/i18n/language-choice';
import { LANGUAGE_NAMES } from '@/lib/i18n/language-names';

/**
 * The footer's language choice for visitors who are not signed in (a learner's is in their settings, saved
 * with their account): kept in this browser, and by the server for the next first paint.
 */
export function LanguagePicker() {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm text-muted">
        {t('Language')}
      </label>
      <select
        id={id}
        defaultValue={currentLanguage()}
        onChange={(e) => {
          const language = LANGUAGES.find((l) => l === e.currentTarget.value);
          if (language) void chooseLanguage(language);
        }}
        className={cn(fieldClass, 'h-9 w-auto py-1')}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </div>
  );
}
