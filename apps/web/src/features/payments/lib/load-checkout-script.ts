import type { CheckoutConstructor } from './razorpay';

const LOAD_TIMEOUT_MS = 15_000;
const loading = new Map<string, Promise<CheckoutConstructor>>();

/**
 * Loads the checkout script once and resolves with `window.Razorpay`. Concurrent callers share one load; a
 * failed or stalled load removes its tag and is forgotten, so the next click tries again.
 */
export function loadCheckoutScript(src: string): Promise<CheckoutConstructor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  const pending = loading.get(src);
  if (pending) return pending;

  const promise = new Promise<CheckoutConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    const timer = window.setTimeout(() => fail('timed out'), LOAD_TIMEOUT_MS);

    function fail(reason: string) {
      window.clearTimeout(timer);
      script.remove();
      loading.delete(src);
      reject(new Error(`The checkout script ${reason}.`));
    }

    script.addEventListener('load', () => {
      window.clearTimeout(timer);
      // Later calls find window.Razorpay itself; the entry only joins callers while the load is under way.
      loading.delete(src);
      if (window.Razorpay) resolve(window.Razorpay);
      else fail('loaded without defining Razorpay');
    });
    script.addEventListener('error', () => fail('failed to load'));
    document.head.append(script);
  });
  loading.set(src, promise);
  return promise;
}
