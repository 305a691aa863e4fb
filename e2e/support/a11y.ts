import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe finds nothing on the page as it is now; a failure lists each rule with the elements that break it.
 * `exclude`: selectors left out, such as a sandboxed frame without scripts, where axe would wait forever;
 * `disableRules`: rules that do not apply to what is checked (an email body has no page landmarks).
 */
export async function expectNoAxeViolations(
  page: Page,
  what?: string,
  options: { exclude?: string[]; disableRules?: string[] } = {},
): Promise<void> {
  // Colours mid-transition (a dialog's overlay fading in) are no state a reader sees for long: let them settle.
  // (Endless ones, spinners and pulses, are left alone.)
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
  );
  // Content hidden from assistive technology is left out: the page behind an open modal dialog (Radix marks it
  // aria-hidden), dimmed by the overlay on purpose, and decorative text such as an avatar's initials beside the
  // name they abbreviate.
  const axe = new AxeBuilder({ page }).exclude('[aria-hidden="true"]');
  for (const selector of options.exclude ?? []) axe.exclude(selector);
  if (options.disableRules) axe.disableRules(options.disableRules);
  const { violations } = await axe.analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    what,
  ).toEqual([]);
}
