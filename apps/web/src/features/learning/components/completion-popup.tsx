import type { PricingTier } from '@kaushal/contract';
import { ShieldCheck } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { Button } from '@/components/ui/button';
import { accessTypeLabel, MONEY_BACK_GUARANTEE } from '@/lib/access-messages';
import { formatRupees } from '@/lib/format';
import { t } from '@/lib/i18n/i18n';
import { upgradeTiers } from '../lib/lesson-navigation';

export interface CompletionPopupProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  courseTitle: string;
  tiers: readonly PricingTier[];
  /** A tier's button; without it the buttons show the course's pricing instead. */
  onChooseTier?(tier: PricingTier): void;
  onViewPricing(): void;
}

/**
 * Spec section 4: after a free lesson ends, when later lessons are paid and the learner is not enrolled, the
 * upgrade options: at most the first 2 pricing tiers, and the 12-hour money-back guarantee.
 */
export function CompletionPopup(props: CompletionPopupProps) {
  const tiers = upgradeTiers(props.tiers);
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-black/75" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-[60] max-h-[calc(100%-1rem)] w-[min(36rem,calc(100%-1rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-border bg-surface p-5 text-fg shadow-2xl sm:p-6">
          <Dialog.Title className="text-xl font-bold">{t("You've finished the free lesson!")}</Dialog.Title>
          <Dialog.Description className="mt-1 text-muted">
            {t('Unlock every lesson of {course} and keep learning.', { course: props.courseTitle })}
          </Dialog.Description>
          {tiers.length > 0 ? (
            <ul className="mt-4 grid gap-3 sm:grid-cols-2" aria-label={t('Upgrade options')}>
              {tiers.map((tier) => (
                <li key={tier.id} className="flex min-w-0 flex-col rounded-xl border border-border bg-surface-2 p-4">
                  <p className="font-semibold break-words">{tier.title}</p>
                  <p className="mt-1 flex flex-wrap items-baseline gap-2">
                    <span className="text-2xl font-bold">{formatRupees(tier.price)}</span>
                    {tier.originalPrice > tier.price && (
                      <span className="text-sm text-muted line-through">
                        <span className="sr-only">{t('was')} </span>
                        {formatRupees(tier.originalPrice)}
                      </span>
                    )}
                    {tier.discountPercentage > 0 && (
                      <span className="text-sm font-semibold text-success">
                        {t('{percent}% off', { percent: tier.discountPercentage })}
                      </span>
                    )}
                  </p>
                  <p className="mt-1 text-sm text-muted">{accessTypeLabel(tier.accessType)}</p>
                  {tier.description && <p className="mt-2 text-sm text-muted">{tier.description}</p>}
                  <div className="min-h-4 flex-1" aria-hidden="true" />
                  {/* A long tier title wraps inside the button (buttons do not wrap by default) on narrow screens. */}
                  <Button
                    className="h-auto min-h-9 py-2 text-center leading-snug break-words whitespace-normal text-balance"
                    size="sm"
                    onClick={() => (props.onChooseTier ? props.onChooseTier(tier) : props.onViewPricing())}
                  >
                    {t('Choose {tier}', { tier: tier.title })}
                  </Button>
                </li>
              ))}
            </ul>
          ) : (
            <Button className="mt-4" onClick={props.onViewPricing}>
              {t('View pricing')}
            </Button>
          )}
          <p className="mt-4 flex items-center gap-2 text-sm">
            <ShieldCheck className="size-5 text-success" aria-hidden="true" />
            {t(MONEY_BACK_GUARANTEE)}
          </p>
          <div className="mt-4 flex justify-end">
            <Dialog.Close asChild>
              <Button variant="ghost" size="sm">
                {t('Maybe later')}
              </Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
