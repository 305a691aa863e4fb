import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SiteConfig } from '@kaushal/contract';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../../paths.ts';
import { accessGrantMail } from './access-grant.ts';
import { certificateMail } from './certificate.ts';
import { contactAckMail, contactStaffMail } from './contact.ts';
import { formatRupees, type MailContext, type RenderedMail } from './layout.ts';
import { receiptMail } from './receipt.ts';
import { reminderMail } from './reminder.ts';
import { supportReplyMail } from './support-reply.ts';
import { welcomeMail } from './welcome.ts';

const site = JSON.parse(readFileSync(path.join(repoRoot, 'content/site.json'), 'utf8')) as SiteConfig;
const context: MailContext = { site, publicUrl: 'https://kaushal.example' };
const hostile = '<script>alert(1)</script> & "quotes"';

/** Every message the product sends, rendered with hostile text wherever a person typed it. */
const messages: Record<string, RenderedMail> = {
  receipt: receiptMail(context, {
    learnerName: hostile,
    courseId: 'rag-from-scratch',
    courseTitle: 'RAG from Scratch',
    planTitle: 'Weekly Access',
    amountPaise: 99_900,
    paymentId: 'pay_ABC123',
    orderId: 'order_XYZ789',
    paidAt: new Date('2026-11-25T09:00:00Z'),
    accessUntil: new Date('2026-12-02T09:00:00Z'),
    invoiceNumber: 'INV/2627/00042',
  }),
  welcome: welcomeMail(context, {
    learnerName: hostile,
    courseId: 'python-for-ai',
    courseTitle: 'Python for AI Engineers',
    firstLesson: { id: 'python-for-ai-01', title: 'Welcome and setup' },
  }),
  contactAck: contactAckMail(context, {
    ticketId: 'TKT-1',
    name: hostile,
    email: 'a@example.com',
    phone: null,
    subject: hostile,
    category: 'business',
    message: hostile,
    signedIn: false,
  }),
  contactStaff: contactStaffMail(context, {
    ticketId: 'TKT-1',
    name: hostile,
    email: 'a@example.com',
    phone: '+91 98765 43210',
    subject: hostile,
    category: 'general',
    message: hostile,
    signedIn: true,
  }),
  reminder: reminderMail(context, {
    learnerName: hostile,
    courses: [
      {
        courseId: 'python-for-ai',
        title: 'Python for AI Engineers',
        completedLessons: 2,
        totalLessons: 6,
        nextLesson: { id: 'python-for-ai-03', title: 'NumPy' },
      },
    ],
    unsubscribeUrl: 'https://kaushal.example/api/v1/email/unsubscribe?token=t',
  }),
  certificate: certificateMail(context, {
    learnerName: hostile,
    courseTitle: 'RAG from Scratch',
    certificateId: 'OXcBG9QKDC7MW9Fv7NuK0Q',
    issuedAt: new Date('2026-11-25T09:00:00Z'),
    watched: '3 h 25 min',
    quizScores: [{ title: hostile, scorePercent: 90 }],
    certificateUrl: 'https://kaushal.example/certificates/OXcBG9QKDC7MW9Fv7NuK0Q',
    linkedInUrl: 'https://www.linkedin.com/profile/add?startTask=CERTIFICATION_NAME&name=RAG%20from%20Scratch',
  }),
  accessGrant: accessGrantMail(context, {
    learnerName: hostile,
    courseId: 'rag-from-scratch',
    courseTitle: 'RAG from Scratch',
    accessUntil: new Date('2026-12-02T09:00:00Z'),
  }),
  supportReply: supportReplyMail(context, {
    learnerName: hostile,
    ticketId: 'TKT-20261127-7F3K9Q',
    subject: hostile,
    message: `${hostile}\nSecond line.`,
    staffName: hostile,
  }),
};

describe('email messages', () => {
  it.each(Object.entries(messages))(
    '%s: both parts, both colour schemes, the footer, no markup from input',
    (_name, mail) => {
      expect(mail.subject.length).toBeGreaterThan(5);
      expect(mail.html).toContain('<meta name="color-scheme" content="light dark">');
      expect(mail.html).toContain('@media (prefers-color-scheme: dark)');
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).toContain('&lt;script&gt;');
      for (const part of [mail.html, mail.text]) {
        expect(part).toContain('Kaushal AI');
        expect(part).toContain('4th Floor, Skyline Towers');
        expect(part).toContain('support@kaushal.ai');
      }
      // The text part is readable on its own: no tags.
      expect(mail.text).not.toMatch(/<(p|a|table|div)[\s>]/);
    },
  );

  it('writes money in rupees with Indian grouping', () => {
    expect(formatRupees(99_900)).toBe('₹999');
    expect(formatRupees(499_900)).toBe('₹4,999');
    expect(formatRupees(12_345_678)).toBe('₹1,23,456.78');
  });

  it('names the attached invoice and links the purchase history in a receipt', () => {
    const receipt = messages.receipt;
    expect(receipt?.text).toContain('Invoice: INV/2627/00042');
    expect(receipt?.text).toContain('Your tax invoice INV/2627/00042 is attached as a PDF.');
    expect(receipt?.text).toContain('Your purchase history: https://kaushal.example/purchases');
    expect(receipt?.html).toContain('INV/2627/00042');
    expect(receipt?.html).toContain('<a href="https://kaushal.example/purchases"');
    // An order without an invoice (paid before invoices existed) still points to the history, with no number.
    const without = receiptMail(context, {
      learnerName: 'Asha',
      courseId: 'rag-from-scratch',
      courseTitle: 'RAG from Scratch',
      planTitle: 'Lifetime access',
      amountPaise: 499_900,
      paymentId: 'pay_ABC123',
      orderId: 'order_XYZ789',
      paidAt: new Date('2026-11-25T09:00:00Z'),
      accessUntil: null,
      invoiceNumber: null,
    });
    expect(without.text).not.toContain('Invoice:');
    expect(without.text).not.toContain('attached');
    expect(without.text).toContain('Your purchase history: https://kaushal.example/purchases');
  });

  it('states each category’s response target and lists the support hours', () => {
    expect(messages.contactAck?.text).toContain('within 48 hours');
    expect(messages.contactAck?.text).toContain('Sunday: Email support only');
    expect(messages.receipt?.text).toContain('Access: Until 2 Dec 2026, 2:30 pm IST');
  });

  it('tells a learner granted access until when, with the course link and a reply to support', () => {
    const grant = messages.accessGrant;
    expect(grant?.subject).toBe('You have access to RAG from Scratch');
    expect(grant?.text).toContain('Access: Until 2 Dec 2026, 2:30 pm IST');
    expect(grant?.text).toContain('Open the course: https://kaushal.example/course/rag-from-scratch');
    expect(grant?.headers).toEqual({ 'Reply-To': 'support@kaushal.ai' });
    const lifetime = accessGrantMail(context, {
      learnerName: 'Asha',
      courseId: 'rag-from-scratch',
      courseTitle: 'RAG from Scratch',
      accessUntil: null,
    });
    expect(lifetime.text).toContain('Access: Lifetime access');
  });

  it('answers a ticket by email: the message as written, the ticket id, and the way to answer', () => {
    const reply = messages.supportReply;
    expect(reply?.subject).toBe(`Re: ${hostile} [TKT-20261127-7F3K9Q]`);
    expect(reply?.text).toContain(`${hostile}\nSecond line.`);
    expect(reply?.text).toContain('Ticket: TKT-20261127-7F3K9Q');
    expect(reply?.text).toContain('include your ticket id TKT-20261127-7F3K9Q in the subject or message');
    expect(reply?.text).toContain('Contact form: https://kaushal.example/contact-us');
    expect(reply?.html).toContain('href="https://kaushal.example/contact-us"');
    expect(reply?.headers).toEqual({ 'Reply-To': 'support@kaushal.ai' });
  });
});
