import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCheckoutScript } from './load-checkout-script';
import type { CheckoutConstructor } from './razorpay';

const SRC = 'https://checkout.example/v1/checkout.js';

describe('loadCheckoutScript', () => {
  let appended: HTMLScriptElement[];
  beforeEach(() => {
    appended = [];
    delete window.Razorpay;
    vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
      appended.push(nodes[0] as HTMLScriptElement);
    });
  });
  afterEach(() => {
    delete window.Razorpay;
  });

  it('adds one script for concurrent callers and resolves with window.Razorpay once it loads', async () => {
    const first = loadCheckoutScript(SRC);
    const second = loadCheckoutScript(SRC);
    expect(appended).toHaveLength(1);
    expect(appended[0]?.src).toBe(SRC);
    expect(appended[0]?.async).toBe(true);
    const Checkout = class {} as unknown as CheckoutConstructor;
    window.Razorpay = Checkout;
    appended[0]?.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBe(Checkout);
    await expect(second).resolves.toBe(Checkout);
    // Already there: no new tag.
    await expect(loadCheckoutScript(SRC)).resolves.toBe(Checkout);
    expect(appended).toHaveLength(1);
  });

  it('rejects when the script fails or loads without Razorpay, and tries afresh next time', async () => {
    const failed = loadCheckoutScript(SRC);
    appended[0]?.dispatchEvent(new Event('error'));
    await expect(failed).rejects.toThrow('The checkout script failed to load.');

    const empty = loadCheckoutScript(SRC);
    expect(appended).toHaveLength(2);
    appended[1]?.dispatchEvent(new Event('load'));
    await expect(empty).rejects.toThrow('loaded without defining Razorpay');

    const again = loadCheckoutScript(SRC);
    expect(appended).toHaveLength(3);
    window.Razorpay = class {} as unknown as CheckoutConstructor;
    appended[2]?.dispatchEvent(new Event('load'));
    await expect(again).resolves.toBe(window.Razorpay);
  });
});
