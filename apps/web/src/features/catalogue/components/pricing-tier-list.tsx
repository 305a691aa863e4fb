import type { PricingTier } from '@kaushal/contract';
import { Check } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { accessTypeLabel } from '@/lib/access-messages';
import { cn } from '@/lib/cn';
import { formatRupees } from '@/lib/format';
import { t } from '@/lib/i18n/i18n';

export interface PricingTierListProps {
  tiers: readonly PricingTier[];
  selectedTierId: string | null;
  onSelectTier: (tierId: string) => void;
  /** The access type the learner already holds for good (their tier is marked, not offered). */
  currentAccessType?: PricingTier['accessType'] | null;
}

/** The pricing tiers as a radio group: title, description, ₹ price, crossed original price, discount, access. */
export function PricingTierList({ tiers, selectedTierId, onSelectTier, currentAccessType }: PricingTierListProps) {
  const name = useId();
  return (
    <fieldset className="space-y-3">
      <legend className="mb-3 text-base font-semibold">{t('Choose your plan')}</legend>
      {tiers.map((tier) => {
        const selected = tier.id === selectedTierId;
        const current = currentAccessType === tier.accessType;
        const discounted = tier.originalPrice > tier.price;
        return (
          <label
            key={tier.id}
            className={cn(
              'relative flex cursor-pointer gap-3 rounded-xl border p-4 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent',
              selected ? 'border-accent bg-accent/10' : 'border-border hover:border-accent/50',
            )}
            data-selected={selected}
          >
            <input
              type="radio"
              name={name}
              value={tier.id}
              checked={selected}
              onChange={() => onSelectTier(tier.id)}
              className="peer sr-only"
            />
            <span
              className={cn(
                'mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full border',
                selected ? 'border-accent bg-accent text-accent-fg' : 'border-border',
              )}
              aria-hidden="true"
            >
              {selected && <Check className="size-3.5" strokeWidth={3} />}
            </span>
            <span className="min-w-0 flex-1 space-y-1">
              <span className="flex flex-wrap items-center gap-2">
                <span className="font-semibold">{tier.title}</span>
                {current && <Badge variant="success">{t('Your current plan')}</Badge>}
              </span>
              {tier.description && <span className="block text-sm text-muted">{tier.description}</span>}
              <span className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
                <span className="text-xl font-bold text-fg">{formatRupees(tier.price)}</span>
                {discounted && (
                  <>
                    <span className="text-sm text-muted line-through">
                      <span className="sr-only">{t('Original price')} </span>
                      {formatRupees(tier.originalPrice)}
                    </span>
                    {tier.discountPercentage > 0 && (
                      <Badge>{t('{percent}% off', { percent: tier.discountPercentage })}</Badge>
                    )}
                  </>
                )}
              </span>
              <span className="block text-xs text-muted">{accessTypeLabel(tier.accessType)}</span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
