import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedOrderRequest {
  authorization: string | undefined;
  body: { amount: number; currency: string; receipt: string; notes: Record<string, string> };
}

/** How the fake answers the next order requests. */
export type FakeRazorpayMode = 'ok' | 'server_error' | 'hang' | 'bad_auth' | 'wrong_amount';

/**
 * How the fake answers the next refund requests. `hang_after_refund` makes the refund and then never answers
 * (the client times out not knowing); `refuse` answers Razorpay's 400.
 */
export type FakeRefundMode = 'ok' | 'server_error' | 'hang_after_refund' | 'refuse';

export interface RecordedRefund {
  id: string;
  paymentId: string;
  amount: number;
  notes: Record<string, string>;
}

export interface FakeRazorpay {
  /** The API base, like https://api.razorpay.com/v1. */
  url: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  mode: FakeRazorpayMode;
  orders: RecordedOrderRequest[];
  refundMode: FakeRefundMode;
  /** Refunds the fake made (a refused request makes none). */
  refunds: RecordedRefund[];
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A local stand-in for Razorpay's Orders API on 127.0.0.1: checks Basic auth like Razorpay, answers in its
 * shapes, and can fail on demand (5xx, hang past the client's timeout, refuse the keys, change the amount).
 */
/** The product's Razorpay settings pointed at a running fake. */
export function razorpayEnv(fake: FakeRazorpay, timeoutMs: number): Record<string, string> {
  return {
    RAZORPAY_KEY_ID: fake.keyId,
    RAZORPAY_KEY_SECRET: fake.keySecret,
    RAZORPAY_WEBHOOK_SECRET: fake.webhookSecret,
    RAZORPAY_API_BASE: fake.url,
    RAZORPAY_TIMEOUT_MS: String(timeoutMs),
  };
}

export async function startFakeRazorpay(): Promise<FakeRazorpay> {
  const keyId = 'rzp_test_fake123';
  const keySecret = `secret_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(12).toString('hex')}`;
  const hanging = new Set<ServerResponse>();

  const fake: FakeRazorpay = {
    url: '',
    keyId,
    keySecret,
    webhookSecret,
    mode: 'ok',
    orders: [],
    refundMode: 'ok',
    refunds: [],
    close: async () => {
      for (const res of hanging) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  function answerRefund(req: IncomingMessage, res: ServerResponse, paymentId: string, raw: string) {
    const expected = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;
    if (req.headers.authorization !== expected) {
      return send(res, 401, { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } });
    }
    if (fake.refundMode === 'server_error') {
      return send(res, 502, { error: { code: 'SERVER_ERROR', description: 'The server encountered an error' } });
    }
    if (fake.refundMode === 'refuse') {
      return send(res, 400, {
        error: { code: 'BAD_REQUEST_ERROR', description: 'The payment has been fully refunded already' },
      });
    }
    const body = JSON.parse(raw) as { amount: number; notes?: Record<string, string> };
    const refund: RecordedRefund = {
      id: `rfnd_${randomBytes(7).toString('hex')}`,
      paymentId,
      amount: body.amount,
      notes: body.notes ?? {},
    };
    fake.refunds.push(refund);
    if (fake.refundMode === 'hang_after_refund') {
      hanging.add(res);
      return;
    }
    send(res, 200, {
      id: refund.id,
      entity: 'refund',
      amount: refund.amount,
      currency: 'INR',
      payment_id: paymentId,
      notes: refund.notes,
      receipt: null,
      status: 'processed',
      speed_processed: 'normal',
      created_at: Math.floor(Date.now() / 1000),
    });
  }

  const server = createServer(async (req, res) => {
    const raw = await readBody(req);
    const refundPath = /^\/v1\/payments\/(pay_[A-Za-z0-9]+)\/refund$/.exec(req.url ?? '');
    if (req.method === 'POST' && refundPath) return answerRefund(req, res, refundPath[1] as string, raw);
    if (req.method !== 'POST' || req.url !== '/v1/orders') {
      return send(res, 404, { error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found' } });
    }
    const expected = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;
    const body = JSON.parse(raw) as RecordedOrderRequest['body'];
    fake.orders.push({ authorization: req.headers.authorization, body });
    if (fake.mode === 'hang') {
      hanging.add(res);
      return;
    }
    if (fake.mode === 'server_error') {
      return send(res, 502, { error: { code: 'SERVER_ERROR', description: 'The server encountered an error' } });
    }
    if (fake.mode === 'bad_auth' || req.headers.authorization !== expected) {
      return send(res, 401, { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } });
    }
    send(res, 200, {
      id: `order_${randomBytes(7).toString('hex')}`,
      entity: 'order',
      amount: fake.mode === 'wrong_amount' ? body.amount + 100 : body.amount,
      amount_paid: 0,
      amount_due: body.amount,
      currency: body.currency,
      receipt: body.receipt,
      offer_id: null,
      status: 'created',
      attempts: 0,
      notes: body.notes,
      created_at: Math.floor(Date.now() / 1000),
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return fake;
}
