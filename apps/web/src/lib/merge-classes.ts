/**
 * Tailwind class lists merged as tailwind-merge would merge them, for the utilities this app uses (decision 043):
 * a later class replaces an earlier one of the same kind under the same variants (`cn('h-9 px-3', 'h-12')` keeps
 * `px-3 h-12`), and a shorthand replaces its parts (`p-4` replaces an earlier `px-2`). About 1 KB where
 * tailwind-merge's full table was 8 KB gzip on every page. merge-classes.test.ts holds it to tailwind-merge's
 * answers for every class the source names; a class it does not know is kept, as tailwind-merge keeps one.
 */

const COLOR = String.raw`(?:\[(?:#|rgb|hsl|color:|var\().*\]|(?!\[)[a-z][\w-]*(?:\/\d+)?)`;
const SIZE = String.raw`(?:xs|sm|base|md|lg|xl|\dxl)`;
/** A spacing or position: a number, a fraction, `px`, `auto`, `full`, or anything in brackets. */
const N = String.raw`(?:\[[^\]\s]*\]|[\d.]+|\d+\/\d+|px|auto|full)`;
/** A value: a word, number or fraction, or anything in brackets. */
const V = String.raw`(?:\[[^\]\s]*\]|[\w.%/-]+)`;
const LENGTH = String.raw`(?:\[.*\]|[\d.]+|px|full|auto|screen|svh|dvh|min|max|fit|\d+\/\d+|xs|sm|md|lg|\dxl|xl|prose|none)`;

/** Kinds whose classes are the kind's name, `-`, and a spacing or position value (`mt-2`, `inset-x-0`). */
const SPACED =
  'inset-x inset-y inset top right bottom left gap-x gap-y gap space-x space-y m mx my mt mr mb ml p px py pt pr pb pl scroll-mt translate-x translate-y';
/** Kinds whose classes are the kind's name, `-`, and any value; a longer name before its prefix. */
const NAMED =
  'line-clamp z col-span col-start row-span row-start float clear grid-cols basis items justify-self justify self overflow-x overflow-y overflow aspect min-w max-w min-h max-h scale animate cursor select appearance pointer-events from via to fill align leading tracking whitespace underline-offset outline-offset opacity duration';
/** Kinds whose classes are the kind's name alone or with a value (`shrink`, `shrink-0`). */
const BARE = 'shrink grow resize blur backdrop-blur transition';

/** [kind, pattern] in order: the first pattern a class (without its variants, `!` and `-`) matches names its kind. */
const KINDS: [string, string][] = [
  ['container', 'container'],
  ['@container', '@container(?:/[\\w-]+)?'],
  [
    'display',
    'block|inline-block|inline|flex|inline-flex|table|inline-table|grid|inline-grid|contents|list-item|hidden|flow-root',
  ],
  ['position', 'static|fixed|absolute|relative|sticky'],
  ['visibility', 'visible|invisible|collapse'],
  ['sr', 'sr-only|not-sr-only'],
  ['truncate', 'truncate|text-ellipsis|text-clip'],
  ['order', `order-(?:\\d+|first|last|none|${N})`],
  ['flex-direction', 'flex-(?:row|col)(?:-reverse)?'],
  ['flex-wrap', 'flex-(?:wrap|nowrap|wrap-reverse)'],
  ['flex', `flex-${V}`],
  ['divide-y', 'divide-y(?:-\\d+)?'],
  ['divide-color', `divide-${COLOR}`],
  ['size', `size-${LENGTH}`],
  ['w', `w-${LENGTH}`],
  ['h', `h-${LENGTH}`],
  ['list-style-type', 'list-(?:disc|decimal|none)'],
  ['rounded', `rounded(?:-${LENGTH}|-none)?`],
  ['border-collapse', 'border-(?:collapse|separate)'],
  ['border-style', 'border-(?:solid|dashed|dotted|double|hidden|none)'],
  ['border-w', 'border(?:-\\d+)?'],
  ['border-w-y', 'border-y(?:-\\d+)?'],
  ['border-w-t', 'border-t(?:-\\d+)?'],
  ['border-w-r', 'border-r(?:-\\d+)?'],
  ['border-w-b', 'border-b(?:-\\d+)?'],
  ['border-w-l', 'border-l(?:-\\d+)?'],
  ['border-color-t', `border-t-${COLOR}`],
  ['border-color', `border-${COLOR}`],
  // tailwind-merge counts Tailwind 3's `bg-gradient-to-*` as a colour: so does this (it replaces the same).
  ['bg-image', 'bg-(?:\\[(?:radial|linear|conic)-gradient.*\\]|none)'],
  ['bg-color', `bg-${COLOR}`],
  ['object-fit', 'object-(?:contain|cover|fill|none|scale-down)'],
  ['text-align', 'text-(?:left|center|right|justify|start|end)'],
  ['text-wrap', 'text-(?:wrap|nowrap|balance|pretty)'],
  ['font-size', `text-(?:${SIZE}|\\[(?:clamp|calc|min|max|length:|[\\d.]+(?:r?em|px|%)).*\\])`],
  ['text-color', `text-${COLOR}`],
  ['font-family', 'font-(?:mono|sans|serif)'],
  ['font-weight', `font-${V}`],
  ['break', 'break-(?:normal|words|all|keep)'],
  ['text-transform', 'uppercase|lowercase|capitalize|normal-case'],
  ['font-style', 'italic|not-italic'],
  ['numeric', 'tabular-nums|proportional-nums|normal-nums'],
  ['decoration', 'underline|overline|line-through|no-underline'],
  ['accent', `accent-${COLOR}`],
  ['shadow-color', `shadow-(?!${SIZE}$|none$|inner$|\\[\\d)${COLOR}`],
  ['shadow', `shadow(?:-${V})?`],
  ['outline-style', 'outline-(?:none|dashed|dotted|double|solid|hidden)'],
  ['outline-w', 'outline(?:-\\d+)?'],
  ...SPACED.split(' ').map((kind): [string, string] => [kind, `${kind}-${N}`]),
  ...NAMED.split(' ').map((kind): [string, string] => [kind, `${kind}-${V}`]),
  ...BARE.split(' ').map((kind): [string, string] => [kind, `${kind}(?:-${V})?`]),
  ['outline-color', `outline-${COLOR}`],
  ['ring-w', 'ring(?:-\\d+)?'],
  ['ring-color', `ring-${COLOR}`],
  ['filter', 'filter(?:-none)?'],
];

/** The kinds a kind replaces besides itself: a shorthand replaces its parts. */
const REPLACES: Record<string, string[]> = {
  'line-clamp': ['display', 'overflow'],
  inset: ['inset-x', 'inset-y', 'top', 'right', 'bottom', 'left'],
  'inset-x': ['right', 'left'],
  'inset-y': ['top', 'bottom'],
  flex: ['basis', 'grow', 'shrink'],
  gap: ['gap-x', 'gap-y'],
  overflow: ['overflow-x', 'overflow-y'],
  size: ['w', 'h'],
  m: ['mx', 'my', 'mt', 'mr', 'mb', 'ml'],
  mx: ['mr', 'ml'],
  my: ['mt', 'mb'],
  p: ['px', 'py', 'pt', 'pr', 'pb', 'pl'],
  px: ['pr', 'pl'],
  py: ['pt', 'pb'],
  'border-w': ['border-w-y', 'border-w-t', 'border-w-r', 'border-w-b', 'border-w-l'],
  'border-w-y': ['border-w-t', 'border-w-b'],
  'border-color': ['border-color-t'],
  'font-size': ['leading'],
};

const KIND_PATTERN = new RegExp(`^(?:${KINDS.map(([, pattern]) => `(${pattern})`).join('|')})$`);

function kindOf(base: string): string | undefined {
  const match = KIND_PATTERN.exec(base);
  if (!match) return undefined;
  const index = match.findIndex((group, i) => i > 0 && group !== undefined);
  return KINDS[index - 1]?.[0];
}

/**
 * A class's variants in a canonical order (`hover:md:` is `md:hover:`), its `!`, and what remains. A variant in
 * brackets keeps its place, as tailwind-merge keeps it (its position can change what it selects).
 */
function parse(className: string) {
  const parts = className.split(/:(?![^[]*\])/);
  let base = parts.pop() ?? '';
  const important = base.startsWith('!') || base.endsWith('!');
  base = base.replace(/^!|!$/g, '').replace(/^-/, '');
  const variants: string[] = [];
  let run: string[] = [];
  for (const variant of parts) {
    if (variant.startsWith('[')) {
      variants.push(...run.sort(), variant);
      run = [];
    } else run.push(variant);
  }
  variants.push(...run.sort());
  return { prefix: `${variants.join(':')}:${important ? '!' : ''}`, base };
}

/** Answers by class list: a page renders the same few lists over and over (tailwind-merge keeps such a cache too). */
const merged = new Map<string, string>();
const MAX_REMEMBERED = 500;

/** `classes` with every class dropped that a later one replaces (same kind, same variants); duplicates once. */
export function mergeClasses(classes: string): string {
  let answer = merged.get(classes);
  if (answer === undefined) {
    answer = mergeUncached(classes);
    if (merged.size >= MAX_REMEMBERED) merged.clear();
    merged.set(classes, answer);
  }
  return answer;
}

function mergeUncached(classes: string): string {
  const taken = new Set<string>();
  const kept: string[] = [];
  const list = classes.trim().split(/\s+/);
  for (let i = list.length - 1; i >= 0; i--) {
    const className = list[i];
    if (!className) continue;
    const { prefix, base } = parse(className);
    const kind = kindOf(base);
    if (kind === undefined) {
      kept.push(className);
      continue;
    }
    const key = prefix + kind;
    if (taken.has(key)) continue;
    taken.add(key);
    for (const replaced of REPLACES[kind] ?? []) taken.add(prefix + replaced);
    kept.push(className);
  }
  return kept.reverse().join(' ');
}
