/** Email: the transactional outbox, the messages, their delivery job, the development mailbox and unsubscribe. */

export { queueAccessGrant } from './access-notifications.ts';
export type { AttachmentResolver } from './delivery.ts';
export { DEV_MAILBOX_PATH, devMailboxRoutes, hasDevMailbox } from './dev-mailbox.ts';
export { type MailLanguage, mailLanguage, mailLocale } from './i18n/locale.ts';
export { queueContactMails, queueReceipt, queueWelcome } from './notifications.ts';
export { EMAIL_DELIVERY_QUEUE, type EmailToQueue, Outbox, type QueueOutcome } from './outbox.ts';
export { queueRefundMail } from './refund-notifications.ts';
export { mailRoutes, startMailJobs } from './routes.ts';
export { queueSupportReply } from './support-notifications.ts';
export { type CertificateFacts, certificateMail } from './templates/certificate.ts';
export { contactAckMail, contactStaffMail } from './templates/contact.ts';
export { formatIndianDateTime } from './templates/layout.ts';
export { receiptMail } from './templates/receipt.ts';
export { welcomeMail } from './templates/welcome.ts';
