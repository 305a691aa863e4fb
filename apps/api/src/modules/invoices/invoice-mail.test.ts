import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { createLearner } from '../../../test/payments.ts';
import { pdfText } from '../../../test/support/pdf-text.ts';
import { startSmtpSink } from '../../../test/support/smtp-sink.ts';
import { financialYearOf } from './numbering.ts';
import { gstinOf, paidOrder } from './test-support.ts';

/** The receipt as a receiving mail server sees it: the product's delivery path over SMTP, parsed by mailparser. */
const sink = await startSmtpSink();

describe('the receipt email', () => {
  const ctx = useTestApp({
    env: {
      JOBS_WORKER: 'true',
      SMTP_URL: sink.url,
      EMAIL_TIMEOUT_SECONDS: '3',
      EMAIL_RETRY_DELAY_SECONDS: '1',
      JOBS_MAINTENANCE_SECONDS: '1',
    },
  });
  beforeEach(() => {
    sink.received.length = 0;
  });
  afterAll(() => sink.stop());

  it('arrives with the tax invoice attached as a PDF, named by its number', async () => {
    const learner = await createLearner(ctx, 'Asha Learner');
    const billing = {
      name: 'Acme Analytics Pvt Ltd',
      stateCode: '29',
      gstin: gstinOf('29ABCDE1234F1Z'),
      address: null,
    };
    await paidOrder(ctx, learner, { billing });
    const number = `INV/${financialYearOf(ctx.clock.now).short}/00001`;
    const mails = await sink.waitFor(2);
    const receipt = mails.find((mail) => mail.parsed.subject?.startsWith('Your receipt'));
    if (!receipt) throw new Error(`no receipt among ${mails.map((m) => m.parsed.subject).join(', ')}`);
    expect(receipt.parsed.text).toContain(`Invoice: ${number}`);
    expect(receipt.parsed.attachments).toHaveLength(1);
    const [file] = receipt.parsed.attachments;
    expect(file?.filename).toBe(`${number.replaceAll('/', '-')}.pdf`);
    expect(file?.contentType).toBe('application/pdf');
    const text = await pdfText(file?.content ?? Buffer.alloc(0));
    expect(text).toContain(`Invoice number: ${number}`);
    expect(text).toContain(`GSTIN: ${billing.gstin}`);
    // The welcome of the first enrollment carries nothing.
    const welcome = mails.find((mail) => mail.parsed.subject?.startsWith('Welcome'));
    expect(welcome?.parsed.attachments).toEqual([]);
  });
});
