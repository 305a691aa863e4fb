import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { HighlightedText } from '@/components/ui/highlighted-text';
import { fieldClass } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { t } from '@/lib/i18n/i18n';
import { useNavigate } from '@/lib/router';
import { suggestionsQuery } from '../api/get-suggestions';

/** How long typing must pause before suggestions are asked for. */
export const SUGGEST_DEBOUNCE_MS = 200;

interface Option {
  key: string;
  to: string;
  title: string;
  ranges: ReadonlyArray<readonly [number, number]>;
  /** The course a lesson belongs to. */
  context?: string;
}

/**
 * A search box with suggestions as you type: the WAI-ARIA combobox pattern (an input with a listbox popup).
 * ArrowDown and ArrowUp move through the courses and lessons suggested (the input keeps focus; the active
 * option is its aria-activedescendant), Enter opens the active one or, with none active, searches for the text
 * (`onSearch`), Escape closes the list and then clears the text. Suggestions are asked for once typing pauses.
 */
export function SearchCombobox({
  label,
  defaultValue = '',
  onSearch,
  autoFocus = false,
  icon = true,
  className,
}: {
  label: string;
  defaultValue?: string;
  onSearch: (q: string) => void;
  autoFocus?: boolean;
  /** A magnifier in the box (the navigation's box has none: its plain stand-in must look the same). */
  icon?: boolean;
  className?: string;
}) {
  const navigate = useNavigate();
  const listboxId = useId();
  const optionId = (index: number) => `${listboxId}-option-${index}`;
  const [text, setText] = useState(defaultValue);
  // The text suggestions are asked for: only what the learner has typed here (not a search the page opened with).
  const [typed, setTyped] = useState('');
  const edited = useRef(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);

  // The box follows the page's own search when it changes under it (back button, a cleared filter).
  const [shown, setShown] = useState(defaultValue);
  if (shown !== defaultValue) {
    setShown(defaultValue);
    setText(defaultValue);
    setTyped('');
  }

  // Text typed into the server-drawn box before the app took it over is the learner's: keep it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the app takes over the box.
  useEffect(() => {
    const drawn = inputRef.current?.value;
    if (drawn !== undefined && drawn !== text) {
      edited.current = true;
      setText(drawn);
    }
  }, []);

  useEffect(() => {
    if (!edited.current) return;
    const timer = setTimeout(() => setTyped(text.trim()), SUGGEST_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const query = useQuery(suggestionsQuery(typed));
  const data = query.data;
  const courses: Option[] = (data?.courses ?? []).map((c) => ({
    key: `course-${c.id}`,
    to: `/course/${encodeURIComponent(c.id)}`,
    title: c.title,
    ranges: c.ranges,
  }));
  const lessons: Option[] = (data?.lessons ?? []).map((l) => ({
    key: `lesson-${l.id}`,
    to: `/course/${encodeURIComponent(l.courseId)}?lesson=${encodeURIComponent(l.id)}`,
    title: l.title,
    ranges: l.ranges,
    context: l.courseTitle,
  }));
  const options = [...courses, ...lessons];
  const ready = typed.length >= 2 && text.trim().length >= 2 && data !== undefined;
  const expanded = open && ready && options.length > 0;
  const activeOption = expanded ? options[active] : undefined;

  const choose = (option: Option) => {
    setOpen(false);
    setActive(-1);
    navigate(option.to);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!open) {
          setOpen(true);
          setActive(event.key === 'ArrowDown' ? 0 : options.length - 1);
          return;
        }
        if (options.length === 0) return;
        // The cycle runs through every option and back to the text itself (no option active).
        setActive((current) =>
          event.key === 'ArrowDown'
            ? current + 1 >= options.length
              ? -1
              : current + 1
            : current - 1 < -1
              ? options.length - 1
              : current - 1,
        );
        return;
      }
      case 'Enter':
        event.preventDefault();
        if (activeOption) choose(activeOption);
        else {
          setOpen(false);
          onSearch(text.trim());
        }
        return;
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (text) {
          event.preventDefault();
          setText('');
        }
        return;
      default:
    }
  };

  const renderOption = (option: Option, index: number) => (
    // biome-ignore lint/a11y/useFocusableInteractive: the combobox pattern keeps focus in the input; options are active by aria-activedescendant.
    <div
      key={option.key}
      id={optionId(index)}
      role="option"
      aria-selected={index === active}
      // Chosen on mousedown (before the input's blur closes the list).
      onMouseDown={(event) => {
        event.preventDefault();
        choose(option);
      }}
      onMouseMove={() => setActive(index)}
      className={cn(
        'cursor-pointer rounded-md px-3 py-2 text-sm',
        index === active ? 'bg-accent/15 text-fg' : 'text-fg',
      )}
    >
      <span className="block truncate">
        <HighlightedText text={option.title} ranges={option.ranges} />
      </span>
      {option.context && <span className="block truncate text-xs text-muted">{option.context}</span>}
    </div>
  );

  const count = options.length;
  return (
    <div className={cn('relative', className)}>
      {icon && (
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
          aria-hidden="true"
        />
      )}
      <input
        ref={inputRef}
        type="search"
        role="combobox"
        aria-label={label}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-activedescendant={activeOption ? optionId(active) : undefined}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={100}
        // biome-ignore lint/a11y/noAutofocus: only when the learner has just focused the box this replaces.
        autoFocus={autoFocus}
        value={text}
        placeholder={t('Search courses and lessons')}
        onChange={(event) => {
          edited.current = true;
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        onFocus={() => setOpen(true)}
        className={cn(fieldClass, 'h-10', icon && 'pl-9')}
      />
      <div
        id={listboxId}
        role="listbox"
        aria-label={t('Suggestions for {typed}', { typed })}
        hidden={!expanded}
        className="absolute top-full right-0 left-0 z-50 mt-1 max-h-96 overflow-y-auto rounded-lg border border-border bg-surface p-1 shadow-lg"
      >
        {courses.length > 0 && (
          // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role group, not a fieldset.
          <div role="group" aria-labelledby={`${listboxId}-courses`}>
            <div id={`${listboxId}-courses`} className="px-3 pt-2 pb-1 text-xs font-semibold text-muted uppercase">
              {t('Courses')}
            </div>
            {courses.map((option, index) => renderOption(option, index))}
          </div>
        )}
        {lessons.length > 0 && (
          // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role group, not a fieldset.
          <div role="group" aria-labelledby={`${listboxId}-lessons`}>
            <div id={`${listboxId}-lessons`} className="px-3 pt-2 pb-1 text-xs font-semibold text-muted uppercase">
              {t('Lessons')}
            </div>
            {lessons.map((option, index) => renderOption(option, courses.length + index))}
          </div>
        )}
      </div>
      <span className="sr-only" aria-live="polite">
        {open && ready
          ? count === 0
            ? t('No suggestions')
            : t('{count, plural, one {# suggestion} other {# suggestions}}', { count })
          : ''}
      </span>
    </div>
  );
}
