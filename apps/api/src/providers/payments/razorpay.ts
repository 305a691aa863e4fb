import { z } from 'zod';
import type { Config } from '../../config.ts';
import { unavailable } from '../../lib/errors.ts';
import type {
  CreateProviderOrder,
  CreateProviderRefund,
  PaymentProvider,
  ProviderOrder,
  ProviderRefundResult,
} from './types.ts';

type RazorpayConfig = NonNullable<Config['razorpay']>;

const orderResponseSchema = z.object({
  id: z.string().regex(/^order_[A-Za-z0-9]+$/),
  amount: z.number().int(),
  currency: z.string(),
});

const refundResponseSchema = z.object({
  id: z.string().regex(/^rfnd_[A-Za-z0-9]+$/),
  amount: z.number().int(),
  status: z.enum(['pending', 'processed', 'failed']),
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

  /**
   * POST /payments/:id/refund. Our refund id goes in the notes (the webhook brings it back) and as the
   * receipt. A 4xx is a refusal (already refunded, amount too large, …); no answer or a 5xx leaves the outcome
   * unknown, because Razorpay may have made the refund before the connection failed.
   */
  async function refund(input: CreateProviderRefund): Promise<ProviderRefundResult> {
    let response: Response;
    try {
      response = await fetch(`${config.apiBase}/payments/${encodeURIComponent(input.paymentId)}/refund`, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          amount: input.amountPaise,
          speed: 'normal',
          receipt: input.refundId.slice(0, 40),
          notes: { refund_id: input.refundId },
        }),
        signal: AbortSignal.timeout(config.timeoutMs),
      });
    } catch (error) {
      const reason = (error as Error).name === 'TimeoutError' ? 'timeout' : (error as Error).message;
      log({ err: reason, paymentId: input.paymentId }, 'razorpay refund request failed');
      return { kind: 'unknown', reason: `No answer from Razorpay (${reason}).` };
    }
    const text = await response.text().catch(() => '');
    if (response.status >= 500) {
      log({ status: response.status, body: text.slice(0, 500) }, 'razorpay refund: server error');
      return { kind: 'unknown', reason: `Razorpay answered ${response.status}.` };
    }
    if (!response.ok) {
      log({ status: response.status, body: text.slice(0, 500) }, 'razorpay refused a refund');
      return { kind: 'refused', reason: describeRazorpayError(text, response.status) };
    }
    const parsed = refundResponseSchema.safeParse(parseJson(text));
    if (!parsed.success) {
      log({ body: text.slice(0, 500) }, 'razorpay answered a refund in an unexpected shape');
      return { kind: 'unknown', reason: 'Razorpay answered in an unexpected shape.' };
    }
    if (parsed.data.status === 'failed') return { kind: 'refused', reason: 'Razorpay reports the refund failed.' };
    return { kind: 'accepted', providerRefundId: parsed.data.id, amountPaise: parsed.data.amount };
  }

  return {
    kind: 'razorpay',
    keyId: config.keyId,
    checkoutUrl: config.checkoutUrl,
    keySecret: config.keySecret,
    webhookSecret: config.webhookSecret,
    createOrder,
    refund,
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Razorpay's `{ error: { description } }`, for staff; the status when there is none. */
function describeRazorpayError(text: string, status: number): string {
  const body = parseJson(text) as { error?: { description?: unknown } } | undefined;
  const description = body?.error?.description;
  return typeof description === 'string' && description ? description.slice(0, 300) : `Razorpay answered ${status}.`;
}
