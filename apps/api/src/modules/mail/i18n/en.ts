/**
 * The emails' English texts, the source catalogue: every other language has exactly these keys with the same
 * ICU arguments (catalogue.test.ts). Changing a text here changes what English learners receive byte for byte.
 */
export const en = {
  'common.line': '{label}: {value}',
  'common.questions': 'Questions?',
  'common.until': 'Until {date}',
  'common.lifetimeAccess': 'Lifetime access',
  'common.weeklyAccess': '7 days of access',
  'common.course': 'Course',
  'common.access': 'Access',
  'common.orderReference': 'Order reference',
  'common.ticket': 'Ticket',
  'common.openCourse': 'Open the course',
  'common.purchaseHistory': 'Your purchase history',

  'receipt.subject': 'Your receipt for {courseTitle}',
  'receipt.preheader': '{amount} paid for {courseTitle}',
  'receipt.heading': 'Payment received',
  'receipt.intro': 'Hi {learnerName}, thank you for your payment. You now have access to {courseTitle}.',
  'receipt.plan': 'Plan',
  'receipt.amountPaid': 'Amount paid',
  'receipt.paidOn': 'Paid on',
  'receipt.paymentId': 'Payment ID',
  'receipt.invoice': 'Invoice',
  'receipt.goToCourse': 'Go to your course',
  'receipt.invoiceAttached':
    'Your tax invoice {invoiceNumber} is attached as a PDF. Your invoices are also in your purchase history.',
  'receipt.noInvoice': 'Your purchases and their invoices are in your purchase history.',
  'receipt.openHistory': 'Open your purchase history',
  'receipt.keep': 'Keep this email: quote the order reference if you write to us about this payment.',

  'refund.processed.subject': 'Your refund for {courseTitle}',
  'refund.processed.heading': 'Refund processed',
  'refund.processed.intro': 'Hi {learnerName}, we have refunded {amount} for {courseTitle}.',
  'refund.amountRefunded': 'Amount refunded',
  'refund.refundedOn': 'Refunded on',
  'refund.creditNote': 'Credit note',
  'refund.accessEnded': 'Your access to the course has ended, and any certificate for it is revoked.',
  'refund.accessContinues': 'Your access to the course continues.',
  'refund.timing': 'Refunds take 7-10 business days to process, plus 3-7 business days for bank transfers.',
  'refund.creditNoteAttached': 'The credit note is attached to this email.',
  'refund.requested.subject': 'We received your cancellation request for {courseTitle}',
  'refund.requested.heading': 'Cancellation request received',
  'refund.requested.intro':
    'Hi {learnerName}, we received your request to cancel your purchase of {courseTitle} ({amount}).',
  'refund.requested.after':
    'Our support team reviews it within 3-5 business days and emails you the decision. Your access continues meanwhile.',
  'refund.rejected.subject': 'Your cancellation request for {courseTitle}',
  'refund.rejected.heading': 'Cancellation request declined',
  'refund.rejected.intro':
    'Hi {learnerName}, we reviewed your request to cancel your purchase of {courseTitle} and cannot refund it.',
  'refund.rejected.reason': 'Reason',
  'refund.rejected.after': 'Your access to the course continues. Reply through our contact page if you have questions.',
  'refund.failed.subject': 'Your refund for {courseTitle} needs our attention',
  'refund.failed.heading': 'Refund not completed yet',
  'refund.failed.intro':
    'Hi {learnerName}, the payment provider did not accept the refund of {amount} for {courseTitle}.',
  'refund.failed.after': 'Our support team has been told and will complete it by hand. You do not need to do anything.',

  'welcome.subject': 'Welcome to {courseTitle}',
  'welcome.intro':
    'Hi {learnerName}, you are enrolled in {courseTitle}. Your progress is saved as you watch, on every device you sign in on.',
  'welcome.firstLesson': 'Start with the first lesson: {lessonTitle}.',
  'welcome.noLessons': 'The first lessons are on their way.',
  'welcome.start': 'Start the first lesson',

  'grant.title': 'You have access to {courseTitle}',
  'grant.preheader': 'Every lesson of {courseTitle} is open to you now.',
  'grant.intro':
    'Hi {learnerName}, our team has given you access to {courseTitle}. Every lesson is open to you now, and your progress is saved as you watch.',
  'grant.help': 'Questions about your access? Reply to this email.',

  'certificate.subject': 'Your certificate for {courseTitle}',
  'certificate.preheader': 'Your certificate for {courseTitle} is ready to share.',
  'certificate.heading': 'Your certificate is ready',
  'certificate.intro':
    'Congratulations, {learnerName}: you watched every lesson of {courseTitle} and passed every quiz, so your certificate is ready.',
  'certificate.issuedTo': 'Issued to',
  'certificate.issuedOn': 'Issued on',
  'certificate.timeWatched': 'Time watched',
  'certificate.score': '{score}%',
  'certificate.id': 'Certificate ID',
  'certificate.view': 'View your certificate',
  'certificate.share':
    'Anyone you give the link to (an employer, a recruiter) can check it on our site, and download it as a PDF.',
  'certificate.linkedIn': 'Add to LinkedIn profile',
  'certificate.watched.underMinute': 'less than a minute',
  'certificate.watched.minutes': '{minutes} min',
  'certificate.watched.hours': '{hours} h',
  'certificate.watched.hoursMinutes': '{hours} h {minutes} min',

  'reminder.subject': 'Continue {courseTitle}: next up, {lessonTitle}',
  'reminder.preheader': 'Next up: {lessonTitle}',
  'reminder.heading': 'Your week in learning',
  'reminder.intro': 'Hi {learnerName}, a little progress each week adds up. Here is where you left off.',
  'reminder.progress': '{completed} of {total} lessons done',
  'reminder.next': 'Next: {lessonTitle}',
  'reminder.summary': '{progress}. {next}',
  'reminder.continueLearning': 'Continue learning',
  'reminder.continueCourse': 'Continue {courseTitle}',
  'reminder.continue': 'Continue',
  'reminder.why': 'You get this weekly email because course reminders are on in your settings.',
  'reminder.unsubscribeLink': 'Unsubscribe from course reminders',
  'reminder.unsubscribe': 'Unsubscribe',

  'contact.ack.subject': 'We received your message [{ticketId}]',
  'contact.ack.heading': 'We received your message',
  'contact.ack.intro':
    'Hi {name}, thank you for writing to us. We have your message "{subject}" under ticket {ticketId}.',
  'contact.ack.topic': 'Topic',
  'contact.ack.supportHours': 'Support hours',
  'contact.ack.supportHoursLine': 'Support hours:',
  'contact.ack.reply': 'Reply to this email or quote the ticket id if you write again.',
  'contact.target.business':
    'We answer business and partnership enquiries within {hours, plural, one {# hour} other {# hours}}.',
  'contact.target.technical':
    'We answer critical technical issues (you cannot sign in, pay or play a lesson) within {critical, plural, one {# hour} other {# hours}} during support hours, and other technical questions within {general, plural, one {# hour} other {# hours}}.',
  'contact.target.general': 'We answer general requests within {hours, plural, one {# hour} other {# hours}}.',
  'category.general': 'General Support',
  'category.technical': 'Technical Support',
  'category.billing': 'Billing & Payments',
  'category.courses': 'Course Content',
  'category.business': 'Business Inquiries',
  'category.partnership': 'Partnership',
  'category.other': 'Other',

  'support.subject': 'Re: {subject} [{ticketId}]',
  'support.heading': 'About your message "{subject}"',
  'support.greeting': 'Hi {learnerName},',
  'support.signature': '{staffName}, {productName} support',
  'support.howToAnswer':
    'To answer, please use the contact form and include your ticket id {ticketId} in the subject or message, so your answer joins this conversation.',
  'support.openForm': 'Open the contact form',
  'support.contactForm': 'Contact form',
} as const;

export type MessageKey = keyof typeof en;
