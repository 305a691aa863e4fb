import { type FormEvent, useEffect, useRef, useState } from 'react';
import { fieldClass } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { t } from '@/lib/i18n/i18n';
import { useNavigate } from '@/lib/router';

type Combobox = typeof import('@/features/catalogue/components/search-combobox').SearchCombobox;

/**
 * The top navigation's search box. Every page has it, the home page included, whose JavaScript budget has no
 * room for the suggestions: so it starts as a plain search form (which works before any script, and submits to
 * /courses?q=) and loads the combobox with suggestions (features/catalogue) the first time it is focused or
 * hovered, then takes its place with the text typed so far and the focus.
 */
export function NavSearch({ className }: { className?: string }) {
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const [live, setLive] = useState<{ Combobox: Combobox; value: string; focused: boolean } | null>(null);
  const loading = useRef(false);

  const search = (q: string) => navigate(q ? `/courses?q=${encodeURIComponent(q)}` : '/courses');
  const load = () => {
    if (loading.current) return;
    loading.current = true;
    import('@/features/catalogue/components/search-combobox').then(
      (module) => {
        const input = inputRef.current;
        setLive({
          Combobox: module.SearchCombobox,
          value: input?.value ?? '',
          focused: input !== null && document.activeElement === input,
        });
      },
      () => {
        // Offline or a new deployment: the plain form still searches; try again on the next focus.
        loading.current = false;
      },
    );
  };

  // Focused before the app took over the server-drawn box (its focus event then had no handler): load now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the app takes over the box.
  useEffect(() => {
    if (inputRef.current && document.activeElement === inputRef.current) load();
  }, []);

  if (live) {
    const { Combobox } = live;
    return (
      <Combobox
        label={t('Search courses and lessons')}
        defaultValue={live.value}
        autoFocus={live.focused}
        onSearch={search}
        icon={false}
        className={className}
      />
    );
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    search(inputRef.current?.value.trim() ?? '');
  };
  return (
    <form action="/courses" method="get" onSubmit={onSubmit} className={className}>
      <input
        ref={inputRef}
        type="search"
        name="q"
        aria-label={t('Search courses and lessons')}
        placeholder={t('Search courses and lessons')}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={100}
        onFocus={load}
        onPointerEnter={load}
        className={cn(fieldClass, 'h-10')}
      />
    </form>
  );
}
