import { type CouponQuote, checkCouponCode } from '@kaushal/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { msg } from '@/lib/i18n/i18n';
import { useSearchParams } from '@/lib/router';
import { useSession } from '@/lib/session';
import { couponQuoteQuery } from '../api/coupons';
import type { PayCoupon } from '../components/pay-button';
import { errorText } from '../lib/error-text';

/** The page's query parameter that carries a coupon: a shared link (`?coupon=SAVE20`), and through sign-in. */
export const COUPON_PARAM = 'coupon';

export interface CouponState {
  /** The code as it is in the address (what the box shows), or '' for none. */
  entered: string;
  /** The code upper-cased, when it has a coupon code's shape. */
  code: string | null;
  /** The server's quote for the purchase now on offer. */
  quote: CouponQuote | null;
  /** Why the code does not apply: its shape, or the server's refusal. */
  error: string | null;
  /** The quote is being asked for. */
  checking: boolean;
  /** A code is waiting for the learner to sign in (the server prices coupons for a signed-in learner only). */
  awaitingSignIn: boolean;
  /** What the pay button sends: the quoted code, for the tier it was quoted for. */
  payCoupon: PayCoupon | null;
  apply(code: string): void;
  remove(): void;
}

/**
 * A coupon on a course page. The code lives in the address (`?coupon=`), so a shared link applies it, and
 * the path the sign-in gate remembers brings it back after signing in; it is quoted by the server for the
 * tier on offer, and quoted again when the tier changes. `offer` is null when nothing is for sale.
 */
export function useCoupon(courseId: string, offer: { tierId: string | null } | null): CouponState {
  const [params, setParams] = useSearchParams();
  const session = useSession();
  const entered = params.get(COUPON_PARAM)?.trim() ?? '';
  // The schema's rules without the schema library, which the course page does not otherwise load.
  const checked = entered ? checkCouponCode(entered) : null;
  const code = checked && 'code' in checked ? checked.code : null;
  const tierId = offer?.tierId ?? null;
  const signedIn = session.status === 'authenticated';
  const query = useQuery({
    ...couponQuoteQuery(courseId, tierId, code ?? ''),
    enabled: signedIn && offer !== null && code !== null,
  });
  const active = signedIn && offer !== null && code !== null;
  const { refetch } = query;

  const setParam = useCallback(
    (value: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(COUPON_PARAM, value);
          else next.delete(COUPON_PARAM);
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );

  const apply = useCallback(
    (text: string) => {
      const value = text.trim();
      // The same code again (after a refusal): asked again rather than left as it was.
      if (value.toUpperCase() === entered.toUpperCase() && active) void refetch();
      else setParam(value);
    },
    [active, entered, refetch, setParam],
  );
  const remove = useCallback(() => setParam(null), [setParam]);

  // A refusal on asking again (used up meanwhile) outranks the quote the query still holds from before.
  const quote = active && query.status === 'success' ? query.data : null;
  const shapeError = checked && 'error' in checked ? checked.error : null;
  return {
    entered,
    code,
    quote,
    error:
      shapeError ??
      (active && query.isError && !query.isFetching
        ? errorText(query.error, msg('This coupon could not be checked. Please try again.'))
        : null),
    checking: active && query.isFetching,
    awaitingSignIn: code !== null && session.status === 'anonymous',
    payCoupon: quote ? { code: quote.code, pricingTierId: tierId, price: quote.price } : null,
    apply,
    remove,
  };
}
