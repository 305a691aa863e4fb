/**
 * A button's words in two parts ('Pay ₹999 · 7 days of access'): one line from 768 px; on a phone's narrow bar
 * the part after ' · ' goes on a second, smaller line. The accessible name is the whole text either way.
 */
export function ActionLabel({ text }: { text: string }) {
  const split = text.indexOf(' · ');
  if (split < 0) return text;
  return (
    <span className="flex flex-col items-center leading-tight md:block">
      <span>{text.slice(0, split)}</span>
      <span className="max-md:sr-only"> · </span>
      <span className="text-xs font-medium max-md:mt-0.5 md:text-base md:font-semibold">{text.slice(split + 3)}</span>
    </span>
  );
}
