import type { MessageKey } from './en.ts';

/** The emails in French (français), vouvoiement, with French punctuation (a space before : ? and inside « »). */
export const fr: Record<MessageKey, string> = {
  'common.line': '{label} : {value}',
  'common.questions': 'Des questions ?',
  'common.until': 'Jusqu’au {date}',
  'common.lifetimeAccess': 'Accès à vie',
  'common.weeklyAccess': '7 jours d’accès',
  'common.course': 'Cours',
  'common.access': 'Accès',
  'common.orderReference': 'Référence de commande',
  'common.ticket': 'Ticket',
  'common.openCourse': 'Ouvrir le cours',
  'common.purchaseHistory': 'Votre historique d’achats',

  'receipt.subject': 'Votre reçu pour {courseTitle}',
  'receipt.preheader': '{amount} payés pour {courseTitle}',
  'receipt.heading': 'Paiement reçu',
  'receipt.intro': 'Bonjour {learnerName}, merci pour votre paiement. Vous avez désormais accès à {courseTitle}.',
  'receipt.plan': 'Formule',
  'receipt.amountPaid': 'Montant payé',
  'receipt.paidOn': 'Payé le',
  'receipt.paymentId': 'ID de paiement',
  'receipt.invoice': 'Facture',
  'receipt.goToCourse': 'Accéder à votre cours',
  'receipt.invoiceAttached':
    'Votre facture {invoiceNumber} est jointe au format PDF. Vous retrouverez aussi vos factures dans votre historique d’achats.',
  'receipt.noInvoice': 'Vos achats et leurs factures se trouvent dans votre historique d’achats.',
  'receipt.openHistory': 'Ouvrir votre historique d’achats',
  'receipt.keep':
    'Conservez cet e-mail : si vous nous écrivez au sujet de ce paiement, indiquez la référence de commande.',

  'refund.processed.subject': 'Votre remboursement pour {courseTitle}',
  'refund.processed.heading': 'Remboursement effectué',
  'refund.processed.intro': 'Bonjour {learnerName}, nous vous avons remboursé {amount} pour {courseTitle}.',
  'refund.amountRefunded': 'Montant remboursé',
  'refund.refundedOn': 'Remboursé le',
  'refund.creditNote': 'Avoir',
  'refund.accessEnded': 'Votre accès au cours a pris fin, et tout certificat obtenu pour ce cours est révoqué.',
  'refund.accessContinues': 'Vous conservez votre accès au cours.',
  'refund.timing':
    'Le traitement d’un remboursement prend 7 à 10 jours ouvrés, puis comptez 3 à 7 jours ouvrés pour le virement bancaire.',
  'refund.creditNoteAttached': 'L’avoir est joint à cet e-mail.',
  'refund.requested.subject': 'Nous avons bien reçu votre demande d’annulation pour {courseTitle}',
  'refund.requested.heading': 'Demande d’annulation reçue',
  'refund.requested.intro':
    'Bonjour {learnerName}, nous avons bien reçu votre demande d’annulation de votre achat de {courseTitle} ({amount}).',
  'refund.requested.after':
    'Notre équipe d’assistance l’examinera sous 3 à 5 jours ouvrés et vous enverra sa décision par e-mail. D’ici là, vous gardez votre accès.',
  'refund.rejected.subject': 'Votre demande d’annulation pour {courseTitle}',
  'refund.rejected.heading': 'Demande d’annulation refusée',
  'refund.rejected.intro':
    'Bonjour {learnerName}, nous avons examiné votre demande d’annulation de votre achat de {courseTitle} et ne pouvons pas vous rembourser.',
  'refund.rejected.reason': 'Motif',
  'refund.rejected.after':
    'Vous conservez votre accès au cours. Pour toute question, écrivez-nous depuis notre page de contact.',
  'refund.failed.subject': 'Votre remboursement pour {courseTitle} demande notre intervention',
  'refund.failed.heading': 'Remboursement pas encore effectué',
  'refund.failed.intro':
    'Bonjour {learnerName}, le prestataire de paiement n’a pas accepté le remboursement de {amount} pour {courseTitle}.',
  'refund.failed.after':
    'Notre équipe d’assistance a été prévenue et le finalisera manuellement. Vous n’avez rien à faire.',

  'welcome.subject': 'Bienvenue dans {courseTitle}',
  'welcome.intro':
    'Bonjour {learnerName}, votre inscription à {courseTitle} est confirmée. Votre progression est enregistrée au fil de vos visionnages, sur tous les appareils où vous vous connectez.',
  'welcome.firstLesson': 'Commencez par la première leçon : {lessonTitle}.',
  'welcome.noLessons': 'Les premières leçons arrivent bientôt.',
  'welcome.start': 'Commencer la première leçon',

  'grant.title': 'Vous avez accès à {courseTitle}',
  'grant.preheader': 'Toutes les leçons de {courseTitle} vous sont désormais ouvertes.',
  'grant.intro':
    'Bonjour {learnerName}, notre équipe vous a donné accès à {courseTitle}. Toutes les leçons vous sont désormais ouvertes, et votre progression est enregistrée au fil de vos visionnages.',
  'grant.help': 'Une question sur votre accès ? Répondez simplement à cet e-mail.',

  'certificate.subject': 'Votre certificat pour {courseTitle}',
  'certificate.preheader': 'Votre certificat pour {courseTitle} est prêt à être partagé.',
  'certificate.heading': 'Votre certificat est prêt',
  'certificate.intro':
    'Félicitations {learnerName} : vous avez suivi toutes les leçons de {courseTitle} et réussi tous les quiz, votre certificat est donc prêt.',
  'certificate.issuedTo': 'Délivré à',
  'certificate.issuedOn': 'Délivré le',
  'certificate.timeWatched': 'Temps de visionnage',
  'certificate.score': '{score} %',
  'certificate.id': 'ID du certificat',
  'certificate.view': 'Voir votre certificat',
  'certificate.share':
    'Toute personne à qui vous donnez le lien (un employeur, un recruteur) peut le vérifier sur notre site et le télécharger en PDF.',
  'certificate.linkedIn': 'Ajouter à votre profil LinkedIn',
  'certificate.watched.underMinute': 'moins d’une minute',
  'certificate.watched.minutes': '{minutes} min',
  'certificate.watched.hours': '{hours} h',
  'certificate.watched.hoursMinutes': '{hours} h {minutes} min',

  'reminder.subject': 'Reprenez {courseTitle} : prochaine leçon, {lessonTitle}',
  'reminder.preheader': 'Prochaine leçon : {lessonTitle}',
  'reminder.heading': 'Votre semaine d’apprentissage',
  'reminder.intro':
    'Bonjour {learnerName}, quelques progrès chaque semaine finissent par faire la différence. Voici où vous en êtes.',
  'reminder.progress': '{completed, plural, one {# leçon terminée} other {# leçons terminées}} sur {total}',
  'reminder.next': 'Suivante : {lessonTitle}',
  'reminder.summary': '{progress}. {next}',
  'reminder.continueLearning': 'Continuer à apprendre',
  'reminder.continueCourse': 'Reprendre {courseTitle}',
  'reminder.continue': 'Reprendre',
  'reminder.why': 'Vous recevez cet e-mail hebdomadaire car les rappels de cours sont activés dans vos paramètres.',
  'reminder.unsubscribeLink': 'Se désabonner des rappels de cours',
  'reminder.unsubscribe': 'Se désabonner',

  'contact.ack.subject': 'Nous avons bien reçu votre message [{ticketId}]',
  'contact.ack.heading': 'Nous avons bien reçu votre message',
  'contact.ack.intro':
    'Bonjour {name}, merci de nous avoir écrit. Votre message « {subject} » est enregistré sous le ticket {ticketId}.',
  'contact.ack.topic': 'Sujet',
  'contact.ack.supportHours': 'Horaires de l’assistance',
  'contact.ack.supportHoursLine': 'Horaires de l’assistance :',
  'contact.ack.reply': 'Si vous nous écrivez à nouveau, répondez à cet e-mail ou indiquez le numéro de ticket.',
  'contact.target.business':
    'Nous répondons aux demandes commerciales et de partenariat sous {hours, plural, one {# heure} other {# heures}}.',
  'contact.target.technical':
    'Nous répondons aux problèmes techniques critiques (impossible de vous connecter, de payer ou de lire une leçon) sous {critical, plural, one {# heure} other {# heures}} pendant les horaires de l’assistance, et aux autres questions techniques sous {general, plural, one {# heure} other {# heures}}.',
  'contact.target.general':
    'Nous répondons aux demandes générales sous {hours, plural, one {# heure} other {# heures}}.',
  'category.general': 'Assistance générale',
  'category.technical': 'Assistance technique',
  'category.billing': 'Facturation et paiements',
  'category.courses': 'Contenu des cours',
  'category.business': 'Demandes commerciales',
  'category.partnership': 'Partenariats',
  'category.other': 'Autre',

  'support.subject': 'Re: {subject} [{ticketId}]',
  'support.heading': 'À propos de votre message « {subject} »',
  'support.greeting': 'Bonjour {learnerName},',
  'support.signature': '{staffName}, assistance {productName}',
  'support.howToAnswer':
    'Pour répondre, utilisez le formulaire de contact et indiquez votre numéro de ticket {ticketId} dans l’objet ou le message : votre réponse rejoindra ainsi cette conversation.',
  'support.openForm': 'Ouvrir le formulaire de contact',
  'support.contactForm': 'Formulaire de contact',
};
