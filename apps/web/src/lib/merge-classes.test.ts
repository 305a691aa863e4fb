// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { mergeClasses } from './merge-classes';

/** Every whitespace-separated word of every string in the app's source: each class it can name is among them. */
function sourceWords(): string[] {
  const root = path.resolve(import.meta.dirname, '..');
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
    (f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$|merge-classes/.test(f),
  );
  const words = new Set<string>();
  for (const file of files) {
    const source = readFileSync(path.join(root, file), 'utf8');
    for (const m of source.matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g))
      for (const word of (m[1] ?? m[2] ?? m[3] ?? '').split(/\s+/)) if (word && !word.includes('${')) words.add(word);
  }
  return [...words];
}

const variantsOf = (c: string) => c.slice(0, Math.max(0, c.search(/[^:]*$/)));

describe('mergeClasses', () => {
  const words = sourceWords();

  it('knows the classes tailwind-merge knows among the source', () => {
    // tailwind-merge keeps one of two identical classes it knows, and both of two it does not.
    const differing = words.filter((w) => mergeClasses(`${w} ${w}`) !== twMerge(`${w} ${w}`));
    expect(differing).toEqual([]);
  });

  it('replaces, for every two classes of the source under the same variants, what tailwind-merge replaces', () => {
    const known = words.filter((w) => twMerge(`${w} ${w}`) === w);
    const byVariants = new Map<string, string[]>();
    for (const w of known) byVariants.set(variantsOf(w), [...(byVariants.get(variantsOf(w)) ?? []), w]);
    const differing: string[] = [];
    for (const group of byVariants.values())
      for (const a of group)
        for (const b of group) {
          if (a === b) continue;
          const expected = twMerge(`${a} ${b}`);
          if (mergeClasses(`${a} ${b}`) !== expected) differing.push(`${a} ${b} → ${expected}`);
        }
    expect(differing).toEqual([]);
  }, 60_000);

  it('merges like the app’s components and their callers do', () => {
    expect(mergeClasses('inline-flex h-9 px-3 text-sm hover:bg-accent/90 h-auto min-h-12 w-full py-2 text-base')).toBe(
      'inline-flex px-3 hover:bg-accent/90 h-auto min-h-12 w-full py-2 text-base',
    );
    expect(mergeClasses('px-2 p-4')).toBe('p-4');
    expect(mergeClasses('p-4 px-2')).toBe('p-4 px-2');
    expect(mergeClasses('md:flex hover:md:hidden md:hover:block')).toBe('md:flex md:hover:block');
  });
});
