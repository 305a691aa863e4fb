/** One email as it leaves the product: both parts, and the headers beyond From/To/Subject. */
export interface OutgoingMail {
  to: { name: string; address: string };
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  /** Stable per message, so a receiving server can tell a repeat (a retry after a lost answer). */
  messageId: string;
  /** Files sent with it (an invoice's PDF), resolved from the stored message's references at delivery. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/**
 * A refusal that trying again will not change (SMTP 5xx: no such mailbox, rejected as spam): the message
 * is marked failed instead of retried.
 */
export class PermanentDeliveryError extends Error {
  override name = 'PermanentDeliveryError';
}

export interface Mailer {
  /** 'smtp' sends for real; 'mailbox' keeps mail in the database for /dev/mailbox (development only). */
  readonly kind: 'smtp' | 'mailbox';
  /** Resolves when the receiving server accepted the message; throws PermanentDeliveryError or a retryable error. */
  deliver(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** The embedded default: the stored message is the delivery; /dev/mailbox shows it. */
export function createMailboxMailer(): Mailer {
  return { kind: 'mailbox', deliver: async () => {}, close: () => {} };
}

/** CR and LF end a header line: a value that holds one could add headers (Bcc: …) of its own. */
export function headerSafe(value: string): string {
  return value.replace(/[\r\n\u2028\u2029]+/g, ' ').trim();
}
