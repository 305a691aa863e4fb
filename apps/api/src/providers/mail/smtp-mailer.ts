import { readFileSync } from 'node:fs';
import nodemailer from 'nodemailer';
import { headerSafe, type Mailer, type OutgoingMail, PermanentDeliveryError } from './mailer.ts';

export interface SmtpSettings {
  url: string;
  from: string;
  dkim?: { domainName: string; keySelector: string; privateKeyFile: string } | undefined;
  /** How long one delivery may take, connection to the server's answer. */
  timeoutMs: number;
}

/**
 * Sends over SMTP with nodemailer (SMTP_URL: smtp:// with STARTTLS when offered, smtps:// for TLS from the
 * start), DKIM-signed when configured. A 5xx answer is permanent; 4xx, timeouts and refused connections are
 * retried by the job queue.
 */
export function createSmtpMailer(settings: SmtpSettings): Mailer {
  const transport = nodemailer.createTransport({
    url: settings.url,
    connectionTimeout: settings.timeoutMs,
    greetingTimeout: settings.timeoutMs,
    socketTimeout: settings.timeoutMs,
    ...(settings.dkim
      ? {
          dkim: {
            domainName: settings.dkim.domainName,
            keySelector: settings.dkim.keySelector,
            privateKey: readFileSync(settings.dkim.privateKeyFile, 'utf8'),
          },
        }
      : {}),
  });
  return {
    kind: 'smtp',
    async deliver(mail: OutgoingMail) {
      try {
        await transport.sendMail({
          from: settings.from,
          // An address object: nodemailer quotes and encodes the name; CR/LF are taken out first anyway.
          to: { name: headerSafe(mail.to.name), address: headerSafe(mail.to.address) },
          subject: headerSafe(mail.subject),
          html: mail.html,
          text: mail.text,
          messageId: mail.messageId,
          attachments: (mail.attachments ?? []).map((file) => ({
            filename: headerSafe(file.filename),
            contentType: file.contentType,
            content: file.content,
          })),
          headers: Object.fromEntries(Object.entries(mail.headers).map(([k, v]) => [k, headerSafe(v)])),
        });
      } catch (error) {
        const code = (error as { responseCode?: number }).responseCode;
        if (typeof code === 'number' && code >= 500 && code < 600) {
          throw new PermanentDeliveryError(`the mail server refused the message (${code})`);
        }
        throw error;
      }
    },
    close: () => transport.close(),
  };
}
