import { z } from 'zod';
import type { Config } from '../../config.ts';
import { unavailable } from '../../lib/errors.ts';
import type { CreateProviderOrder, PaymentProvider, ProviderOrder } from './types.ts';

type RazorpayConfig = NonNullable<Config['razorpay']>;

const orderResponseSchema = z.object({
  id: z.string().regex(/^order_[A-Za-z0-9]+$/),
  amount: z.number().int(),
  currency: z.string(),
});

const PROVIDER_DOWN = 'The payment service is not responding right now. Please try again in a moment.';

/** Where a provider failure is logged: the process log, not the learner. */
export type ProviderLog = (details: Record<string, unknown>, message: string) => void;

/**
 * Our own small client of Razorpay's Orders API over fetch: the official SDK hard-codes its host (tests could
 * not point it at a fake) and compares signatures with `===`. Every failure, whether timeout, network, 5xx,
 * refusal or a malformed answer, becomes one 503 so no enrollment can follow a half-made order.
 */
export type RazorpayProvider = PaymentProvider & { readonly kind: 'razorpay' };

export function createRazorpayProvider(config: RazorpayConfig, log: ProviderLog): RazorpayProvider {
  const auth = `Basic ${Buffer.from(`${config.keyId}:${config.keySecret}`).toString('base64')}`;

  async function createOrder(input: CreateProviderOrder): Promise<ProviderOrder> {
    let response: Response;
    try {
      response = await fetch(`${config.apiBase}/orders`, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          amount: input.amountPaise,
          currency: input.currency,
          receipt: input.receipt,
          notes: input.notes,
        }),
        signal: AbortSignal.timeout(config.timeoutMs),
      });
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      log({ err: (error as Error).message, timedOut }, 'razorpay order request failed');
      throw unavailable(PROVIDER_DOWN, timedOut ? 'payment_provider_timeout' : 'payment_provider_unavailable');
    }
    const text = await response.text().catch(() => '');
    if (!response.ok) {
      // 4xx means our keys or request are wrong: an operator problem, reported as unavailable to the learner.
      log({ status: response.status, body: text.slice(0, 500) }, 'razorpay refused to create an order');
      throw unavailable(PROVIDER_DOWN, 'payment_provider_unavailable');
    }
    let parsed: z.infer<typeof orderResponseSchema>;
    try {
      parsed = orderResponseSchema.parse(JSON.parse(text));
    } catch {
      log({ body: text.slice(0, 500) }, 'razorpay answered an order in an unexpected shape');
      throw unavailable(PROVIDER_DOWN, 'payment_provider_unavailable');
    }
    if (parsed.amount !== input.amountPaise || parsed.currency !== input.currency) {
      log({ sent: input.amountPaise, got: parsed.amount }, 'razorpay order amount differs from the request');
      throw unavailable(PROVIDER_DOWN, 'payment_provider_unavailable');
    }
    return { id: parsed.id, amountPaise: parsed.amount, currency: input.currency };
  }

  return {
    kind: 'razorpay',
    keyId: config.keyId,
    checkoutUrl: config.checkoutUrl,
    keySecret: config.keySecret,
    webhookSecret: config.webhookSecret,
    createOrder,
  };
}
