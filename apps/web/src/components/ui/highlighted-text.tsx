import { Fragment, type ReactNode } from 'react';

/**
 * Text with the words a search matched in <mark>. The ranges ([start, end) offsets from the API) only cut the
 * text into pieces; every piece is rendered as text, so nothing in a title or description is ever read as markup.
 */
export function HighlightedText({
  text,
  ranges,
}: {
  text: string;
  ranges: ReadonlyArray<readonly [number, number]> | undefined;
}) {
  if (!ranges || ranges.length === 0) return text;
  const pieces: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start < at || end <= start || end > text.length) continue;
    if (start > at) pieces.push(<Fragment key={`t${at}`}>{text.slice(at, start)}</Fragment>);
    pieces.push(
      <mark key={`m${start}`} className="rounded-sm bg-accent/20 px-0.5 text-inherit">
        {text.slice(start, end)}
      </mark>,
    );
    at = end;
  }
  if (at < text.length) pieces.push(<Fragment key={`t${at}`}>{text.slice(at)}</Fragment>);
  return <>{pieces}</>;
}
