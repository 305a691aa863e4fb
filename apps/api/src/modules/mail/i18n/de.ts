import type { MessageKey } from './en.ts';

/** The emails in German (Deutsch), addressing the learner as Sie, as German payment and service mail does. */
export const de: Record<MessageKey, string> = {
  'common.line': '{label}: {value}',
  'common.questions': 'Fragen?',
  'common.until': 'Bis {date}',
  'common.lifetimeAccess': 'Unbegrenzter Zugang',
  'common.weeklyAccess': '7 Tage Zugang',
  'common.course': 'Kurs',
  'common.access': 'Zugang',
  'common.orderReference': 'Bestellreferenz',
  'common.ticket': 'Ticket',
  'common.openCourse': 'Kurs öffnen',
  'common.purchaseHistory': 'Ihre Käufe',

  'receipt.subject': 'Ihre Quittung für {courseTitle}',
  'receipt.preheader': '{amount} für {courseTitle} bezahlt',
  'receipt.heading': 'Zahlung erhalten',
  'receipt.intro': 'Hallo {learnerName}, vielen Dank für Ihre Zahlung. Sie haben jetzt Zugang zu {courseTitle}.',
  'receipt.plan': 'Tarif',
  'receipt.amountPaid': 'Bezahlter Betrag',
  'receipt.paidOn': 'Bezahlt am',
  'receipt.paymentId': 'Zahlungs-ID',
  'receipt.invoice': 'Rechnung',
  'receipt.goToCourse': 'Zu Ihrem Kurs',
  'receipt.invoiceAttached':
    'Ihre Rechnung {invoiceNumber} ist als PDF angehängt. Alle Rechnungen finden Sie außerdem unter Ihren Käufen.',
  'receipt.noInvoice': 'Ihre Käufe und die zugehörigen Rechnungen finden Sie unter Ihren Käufen.',
  'receipt.openHistory': 'Ihre Käufe öffnen',
  'receipt.keep':
    'Bitte bewahren Sie diese E-Mail auf und nennen Sie die Bestellreferenz, wenn Sie uns zu dieser Zahlung schreiben.',

  'refund.processed.subject': 'Ihre Erstattung für {courseTitle}',
  'refund.processed.heading': 'Erstattung durchgeführt',
  'refund.processed.intro': 'Hallo {learnerName}, wir haben Ihnen {amount} für {courseTitle} erstattet.',
  'refund.amountRefunded': 'Erstatteter Betrag',
  'refund.refundedOn': 'Erstattet am',
  'refund.creditNote': 'Gutschrift',
  'refund.accessEnded': 'Ihr Zugang zum Kurs ist beendet, und ein Zertifikat für diesen Kurs wurde widerrufen.',
  'refund.accessContinues': 'Ihr Zugang zum Kurs bleibt bestehen.',
  'refund.timing':
    'Die Bearbeitung einer Erstattung dauert 7-10 Werktage, hinzu kommen 3-7 Werktage für die Banküberweisung.',
  'refund.creditNoteAttached': 'Die Gutschrift ist dieser E-Mail angehängt.',
  'refund.requested.subject': 'Wir haben Ihre Stornierungsanfrage für {courseTitle} erhalten',
  'refund.requested.heading': 'Stornierungsanfrage erhalten',
  'refund.requested.intro':
    'Hallo {learnerName}, wir haben Ihre Anfrage erhalten, Ihren Kauf von {courseTitle} ({amount}) zu stornieren.',
  'refund.requested.after':
    'Unser Support-Team prüft sie innerhalb von 3-5 Werktagen und teilt Ihnen die Entscheidung per E-Mail mit. Bis dahin behalten Sie Ihren Zugang.',
  'refund.rejected.subject': 'Ihre Stornierungsanfrage für {courseTitle}',
  'refund.rejected.heading': 'Stornierungsanfrage abgelehnt',
  'refund.rejected.intro':
    'Hallo {learnerName}, wir haben Ihre Anfrage zur Stornierung Ihres Kaufs von {courseTitle} geprüft und können den Betrag leider nicht erstatten.',
  'refund.rejected.reason': 'Grund',
  'refund.rejected.after':
    'Ihr Zugang zum Kurs bleibt bestehen. Bei Fragen schreiben Sie uns gern über unsere Kontaktseite.',
  'refund.failed.subject': 'Ihre Erstattung für {courseTitle} braucht unsere Aufmerksamkeit',
  'refund.failed.heading': 'Erstattung noch nicht abgeschlossen',
  'refund.failed.intro':
    'Hallo {learnerName}, der Zahlungsanbieter hat die Erstattung von {amount} für {courseTitle} nicht angenommen.',
  'refund.failed.after': 'Unser Support-Team ist informiert und schließt sie manuell ab. Sie müssen nichts weiter tun.',

  'welcome.subject': 'Willkommen bei {courseTitle}',
  'welcome.intro':
    'Hallo {learnerName}, Sie sind jetzt für {courseTitle} eingeschrieben. Ihr Fortschritt wird beim Ansehen gespeichert, auf jedem Gerät, auf dem Sie sich anmelden.',
  'welcome.firstLesson': 'Beginnen Sie mit der ersten Lektion: {lessonTitle}.',
  'welcome.noLessons': 'Die ersten Lektionen sind bald verfügbar.',
  'welcome.start': 'Erste Lektion starten',

  'grant.title': 'Sie haben Zugang zu {courseTitle}',
  'grant.preheader': 'Alle Lektionen von {courseTitle} stehen Ihnen jetzt offen.',
  'grant.intro':
    'Hallo {learnerName}, unser Team hat Ihnen Zugang zu {courseTitle} gegeben. Alle Lektionen stehen Ihnen jetzt offen, und Ihr Fortschritt wird beim Ansehen gespeichert.',
  'grant.help': 'Fragen zu Ihrem Zugang? Antworten Sie einfach auf diese E-Mail.',

  'certificate.subject': 'Ihr Zertifikat für {courseTitle}',
  'certificate.preheader': 'Ihr Zertifikat für {courseTitle} ist bereit zum Teilen.',
  'certificate.heading': 'Ihr Zertifikat ist fertig',
  'certificate.intro':
    'Herzlichen Glückwunsch, {learnerName}! Sie haben jede Lektion von {courseTitle} angesehen und jedes Quiz bestanden. Ihr Zertifikat ist fertig.',
  'certificate.issuedTo': 'Ausgestellt für',
  'certificate.issuedOn': 'Ausgestellt am',
  'certificate.timeWatched': 'Angesehene Zeit',
  'certificate.score': '{score} %',
  'certificate.id': 'Zertifikat-ID',
  'certificate.view': 'Zertifikat ansehen',
  'certificate.share':
    'Jeder, dem Sie den Link geben (etwa ein Arbeitgeber oder eine Personalvermittlung), kann es auf unserer Website prüfen und als PDF herunterladen.',
  'certificate.linkedIn': 'Zum LinkedIn-Profil hinzufügen',
  'certificate.watched.underMinute': 'weniger als eine Minute',
  'certificate.watched.minutes': '{minutes} Min.',
  'certificate.watched.hours': '{hours} Std.',
  'certificate.watched.hoursMinutes': '{hours} Std. {minutes} Min.',

  'reminder.subject': 'Weiter mit {courseTitle}: als Nächstes {lessonTitle}',
  'reminder.preheader': 'Als Nächstes: {lessonTitle}',
  'reminder.heading': 'Ihre Lernwoche',
  'reminder.intro':
    'Hallo {learnerName}, ein kleiner Fortschritt jede Woche summiert sich. Hier geht es für Sie weiter.',
  'reminder.progress': '{completed} von {total, plural, one {# Lektion} other {# Lektionen}} abgeschlossen',
  'reminder.next': 'Als Nächstes: {lessonTitle}',
  'reminder.summary': '{progress}. {next}',
  'reminder.continueLearning': 'Weiterlernen',
  'reminder.continueCourse': 'Weiter mit {courseTitle}',
  'reminder.continue': 'Weiter',
  'reminder.why':
    'Sie erhalten diese wöchentliche E-Mail, weil Kurserinnerungen in Ihren Einstellungen eingeschaltet sind.',
  'reminder.unsubscribeLink': 'Kurserinnerungen abbestellen',
  'reminder.unsubscribe': 'Abbestellen',

  'contact.ack.subject': 'Wir haben Ihre Nachricht erhalten [{ticketId}]',
  'contact.ack.heading': 'Wir haben Ihre Nachricht erhalten',
  'contact.ack.intro':
    'Hallo {name}, vielen Dank für Ihre Nachricht. Wir haben „{subject}“ unter dem Ticket {ticketId} erfasst.',
  'contact.ack.topic': 'Thema',
  'contact.ack.supportHours': 'Support-Zeiten',
  'contact.ack.supportHoursLine': 'Support-Zeiten:',
  'contact.ack.reply':
    'Wenn Sie uns erneut schreiben, antworten Sie auf diese E-Mail oder nennen Sie die Ticketnummer.',
  'contact.target.business':
    'Geschäfts- und Partnerschaftsanfragen beantworten wir innerhalb von {hours, plural, one {# Stunde} other {# Stunden}}.',
  'contact.target.technical':
    'Kritische technische Probleme (Sie können sich nicht anmelden, nicht bezahlen oder keine Lektion abspielen) beantworten wir während der Support-Zeiten innerhalb von {critical, plural, one {# Stunde} other {# Stunden}}, andere technische Fragen innerhalb von {general, plural, one {# Stunde} other {# Stunden}}.',
  'contact.target.general':
    'Allgemeine Anfragen beantworten wir innerhalb von {hours, plural, one {# Stunde} other {# Stunden}}.',
  'category.general': 'Allgemeiner Support',
  'category.technical': 'Technischer Support',
  'category.billing': 'Abrechnung & Zahlungen',
  'category.courses': 'Kursinhalte',
  'category.business': 'Geschäftsanfragen',
  'category.partnership': 'Partnerschaften',
  'category.other': 'Sonstiges',

  'support.subject': 'Re: {subject} [{ticketId}]',
  'support.heading': 'Zu Ihrer Nachricht „{subject}“',
  'support.greeting': 'Hallo {learnerName},',
  'support.signature': '{staffName}, {productName} Support',
  'support.howToAnswer':
    'Um zu antworten, nutzen Sie bitte das Kontaktformular und nennen Sie Ihre Ticketnummer {ticketId} im Betreff oder in der Nachricht, damit Ihre Antwort diesem Gespräch zugeordnet wird.',
  'support.openForm': 'Kontaktformular öffnen',
  'support.contactForm': 'Kontaktformular',
};
