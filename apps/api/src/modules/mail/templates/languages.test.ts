import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SiteConfig } from '@kaushal/contract';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../../paths.ts';
import { type MailLanguage, mailLocale } from '../i18n/locale.ts';
import { accessGrantMail } from './access-grant.ts';
import { certificateMail } from './certificate.ts';
import { contactAckMail, contactStaffMail } from './contact.ts';
import type { MailContext, RenderedMail } from './layout.ts';
import { receiptMail } from './receipt.ts';
import { type RefundMailOutcome, refundMail } from './refund.ts';
import { reminderMail } from './reminder.ts';
import { supportReplyMail } from './support-reply.ts';
import { welcomeMail } from './welcome.ts';

const site = JSON.parse(readFileSync(path.join(repoRoot, 'content/site.json'), 'utf8')) as SiteConfig;
const context: MailContext = { site, publicUrl: 'https://kaushal.example' };
const paidAt = new Date('2026-11-25T09:00:00Z');
const until = new Date('2026-12-02T09:00:00Z');

/**
 * Each template in each language: `expected` names, per language, the subject exactly and a sentence each part
 * must hold. English is the text the product always sent: the default rendering, unchanged.
 */
interface Case {
  render: (language?: MailLanguage) => RenderedMail;
  expected: Record<'en' | 'hi' | 'fr', { subject: string; body: string }>;
}

const processed: RefundMailOutcome = {
  kind: 'processed',
  creditNoteNumber: 'CN/1',
  accessEnded: true,
  processedAt: until,
};
const refundFacts = {
  learnerName: 'Asha',
  courseTitle: 'RAG from Scratch',
  orderId: 'order_1',
  amountPaise: 149_999_50,
};

const cases: Record<string, Case> = {
  receipt: {
    render: (language) =>
      receiptMail(
        context,
        {
          learnerName: 'Asha',
          courseId: 'rag-from-scratch',
          courseTitle: 'RAG from Scratch',
          planTitle: 'Weekly Access',
          amountPaise: 149_999_50,
          paymentId: 'pay_1',
          orderId: 'order_1',
          paidAt,
          accessUntil: until,
          invoiceNumber: 'INV/2627/00042',
        },
        language,
      ),
    expected: {
      en: { subject: 'Your receipt for RAG from Scratch', body: 'Amount paid: ₹1,49,999.50' },
      hi: { subject: 'RAG from Scratch की आपकी रसीद', body: 'भुगतान की गई राशि: ₹1,49,999.50' },
      fr: { subject: 'Votre reçu pour RAG from Scratch', body: 'Montant payé : 149\u202f999,50\u00a0₹' },
    },
  },
  refund: {
    render: (language) => refundMail(context, refundFacts, processed, language),
    expected: {
      en: { subject: 'Your refund for RAG from Scratch', body: 'we have refunded ₹1,49,999.50 for RAG from Scratch' },
      hi: { subject: 'RAG from Scratch का आपका रिफ़ंड', body: 'हमने RAG from Scratch के लिए ₹1,49,999.50 रिफ़ंड' },
      fr: { subject: 'Votre remboursement pour RAG from Scratch', body: 'L’avoir est joint à cet e-mail.' },
    },
  },
  refundDeclined: {
    render: (language) => refundMail(context, refundFacts, { kind: 'rejected', reason: 'Watched' }, language),
    expected: {
      en: { subject: 'Your cancellation request for RAG from Scratch', body: 'Reason: Watched' },
      hi: { subject: 'RAG from Scratch रद्द करने का आपका अनुरोध', body: 'कारण: Watched' },
      fr: { subject: 'Votre demande d’annulation pour RAG from Scratch', body: 'Motif : Watched' },
    },
  },
  welcome: {
    render: (language) =>
      welcomeMail(
        context,
        {
          learnerName: 'Asha',
          courseId: 'python-for-ai',
          courseTitle: 'Python for AI Engineers',
          firstLesson: { id: 'l1', title: 'Setup' },
        },
        language,
      ),
    expected: {
      en: { subject: 'Welcome to Python for AI Engineers', body: 'Start with the first lesson: Setup.' },
      hi: { subject: 'Python for AI Engineers में आपका स्वागत है', body: 'पहले लेसन से शुरू करें: Setup।' },
      fr: { subject: 'Bienvenue dans Python for AI Engineers', body: 'Commencez par la première leçon : Setup.' },
    },
  },
  accessGrant: {
    render: (language) =>
      accessGrantMail(
        context,
        { learnerName: 'Asha', courseId: 'rag', courseTitle: 'RAG from Scratch', accessUntil: null },
        language,
      ),
    expected: {
      en: { subject: 'You have access to RAG from Scratch', body: 'Access: Lifetime access' },
      hi: { subject: 'अब आप RAG from Scratch देख सकते हैं', body: 'एक्सेस: आजीवन एक्सेस' },
      fr: { subject: 'Vous avez accès à RAG from Scratch', body: 'Accès : Accès à vie' },
    },
  },
  certificate: {
    render: (language) =>
      certificateMail(
        context,
        {
          learnerName: 'Asha',
          courseTitle: 'RAG from Scratch',
          certificateId: 'KA-1',
          issuedAt: paidAt,
          watched: mailLocale(language).watched(12_000),
          quizScores: [{ title: 'Quiz 1', scorePercent: 90 }],
          certificateUrl: 'https://kaushal.example/certificates/KA-1',
          linkedInUrl: 'https://www.linkedin.com/profile/add',
        },
        language,
      ),
    expected: {
      en: { subject: 'Your certificate for RAG from Scratch', body: 'Time watched: 3 h 20 min' },
      hi: { subject: 'RAG from Scratch का आपका सर्टिफ़िकेट', body: 'देखने का समय: 3 घंटे 20 मिनट' },
      fr: { subject: 'Votre certificat pour RAG from Scratch', body: 'Quiz 1 : 90 %' },
    },
  },
  reminder: {
    render: (language) =>
      reminderMail(
        context,
        {
          learnerName: 'Asha',
          unsubscribeUrl: 'https://kaushal.example/unsubscribe?token=t',
          courses: [
            {
              courseId: 'rag',
              title: 'RAG',
              completedLessons: 1,
              totalLessons: 12,
              nextLesson: { id: 'l2', title: 'Chunking' },
            },
          ],
        },
        language,
      ),
    expected: {
      en: { subject: 'Continue RAG: next up, Chunking', body: 'RAG: 1 of 12 lessons done. Next: Chunking' },
      hi: { subject: 'RAG जारी रखें: अगला लेसन, Chunking', body: 'RAG: 12 में से 1 लेसन पूरे। अगला: Chunking' },
      fr: {
        subject: 'Reprenez RAG : prochaine leçon, Chunking',
        body: 'RAG : 1 leçon terminée sur 12. Suivante : Chunking',
      },
    },
  },
  contactAck: {
    render: (language) =>
      contactAckMail(
        context,
        {
          ticketId: 'TKT-1',
          name: 'Asha',
          email: 'a@example.com',
          phone: null,
          subject: 'Video',
          category: 'technical',
          message: 'It stops.',
          signedIn: true,
        },
        language,
      ),
    expected: {
      en: { subject: 'We received your message [TKT-1]', body: 'Topic: Technical Support' },
      hi: { subject: 'आपका संदेश हमें मिल गया है [TKT-1]', body: 'विषय: तकनीकी सहायता' },
      fr: { subject: 'Nous avons bien reçu votre message [TKT-1]', body: 'sous 2 heures pendant les horaires' },
    },
  },
  supportReply: {
    render: (language) =>
      supportReplyMail(
        context,
        { learnerName: 'Asha', ticketId: 'TKT-1', subject: 'Video', message: 'Try again now.', staffName: 'Ravi' },
        language,
      ),
    expected: {
      en: { subject: 'Re: Video [TKT-1]', body: 'Ravi, Kaushal AI support' },
      hi: { subject: 'Re: Video [TKT-1]', body: 'Ravi, Kaushal AI सपोर्ट' },
      fr: { subject: 'Re: Video [TKT-1]', body: 'Ravi, assistance Kaushal AI' },
    },
  },
};

/** The text as HTML writes it (the layout escapes every text). */
const inHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');

describe.each(Object.entries(cases))('the %s email in the learner’s language', (_, { render, expected }) => {
  it('in English: the text it always had (the default), with an English frame', () => {
    const mail = render('en');
    expect(mail).toEqual(render());
    expect(mail.subject).toBe(expected.en.subject);
    expect(mail.text).toContain(expected.en.body);
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.text).toContain('Questions? ');
  });

  it.each(['hi', 'fr'] as const)('in %s: subject, both parts and the frame', (language) => {
    const mail = render(language);
    const english = render('en');
    expect(mail.subject).toBe(expected[language].subject);
    expect(mail.text).toContain(expected[language].body);
    // The HTML part holds the same words, a fact's label and value in cells of their own.
    for (const piece of expected[language].body.split(/\s?:\s|[.।]\s/)) expect(mail.html).toContain(inHtml(piece));
    expect(mail.html).toContain(`<html lang="${language}">`);
    const questions = mailLocale(language).t('common.questions');
    expect(mail.text).toContain(`${questions} ${site.supportEmail}`);
    expect(mail.html).toContain(`${questions} <a href="mailto:`);
    expect(mail.text).not.toContain('Questions? ');
    // The links and headers are the same in every language.
    expect(mail.headers).toEqual(english.headers);
    const links = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    expect(links(mail.html)).toEqual(links(english.html));
  });
});

describe('the support inbox’s copy of a contact message', () => {
  it('is in English whatever the writer’s language (the team reads English)', () => {
    const mail = contactStaffMail(context, {
      ticketId: 'TKT-1',
      name: 'Asha',
      email: 'a@example.com',
      phone: null,
      subject: 'Video',
      category: 'billing',
      message: 'Hi',
      signedIn: true,
    });
    expect(mail.subject).toBe('[TKT-1] Billing & Payments: Video');
    expect(mail.text).toContain('We answer general requests within 24 hours.');
  });
});

describe('dates and amounts as each language writes them', () => {
  it('groups rupees the Indian way in English and Hindi, and each language’s own way otherwise', () => {
    expect(['en', 'hi', 'es', 'fr', 'de'].map((l) => mailLocale(l as MailLanguage).rupees(149_999_50))).toEqual([
      '₹1,49,999.50',
      '₹1,49,999.50',
      '149.999,50\u00a0₹',
      '149\u202f999,50\u00a0₹',
      '149.999,50\u00a0₹',
    ]);
    expect(mailLocale('de').rupees(99_900)).toBe('999\u00a0₹');
  });

  it('writes a date in India’s time zone in the language’s words', () => {
    expect(mailLocale('en').dateTime(paidAt)).toBe('25 Nov 2026, 2:30 pm IST');
    expect(mailLocale('hi').dateTime(paidAt)).toMatch(/^25 नव॰? 2026, 2:30 pm IST$/);
    expect(mailLocale('fr').dateTime(paidAt)).toBe('25 nov. 2026, 14:30 IST');
    expect(mailLocale('de').dateTime(paidAt)).toBe('25. Nov. 2026, 14:30 IST');
  });

  it('uses each language’s plural rules', () => {
    expect(mailLocale('de').t('reminder.progress', { completed: 0, total: 1 })).toBe('0 von 1 Lektion abgeschlossen');
    expect(mailLocale('de').t('reminder.progress', { completed: 0, total: 2 })).toBe('0 von 2 Lektionen abgeschlossen');
    expect(mailLocale('hi').watched(3600)).toBe('1 घंटा');
    expect(mailLocale('hi').watched(7200)).toBe('2 घंटे');
  });
});
