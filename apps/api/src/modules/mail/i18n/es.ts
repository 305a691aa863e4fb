import type { MessageKey } from './en.ts';

/** The emails in Spanish (español), addressing the learner as tú like the product's other texts. */
export const es: Record<MessageKey, string> = {
  'common.line': '{label}: {value}',
  'common.questions': '¿Tienes preguntas?',
  'common.until': 'Hasta el {date}',
  'common.lifetimeAccess': 'Acceso de por vida',
  'common.weeklyAccess': '7 días de acceso',
  'common.course': 'Curso',
  'common.access': 'Acceso',
  'common.orderReference': 'Referencia del pedido',
  'common.ticket': 'Ticket',
  'common.openCourse': 'Abrir el curso',
  'common.purchaseHistory': 'Tu historial de compras',

  'receipt.subject': 'Tu recibo de {courseTitle}',
  'receipt.preheader': '{amount} pagados por {courseTitle}',
  'receipt.heading': 'Pago recibido',
  'receipt.intro': 'Hola, {learnerName}: gracias por tu pago. Ya tienes acceso a {courseTitle}.',
  'receipt.plan': 'Plan',
  'receipt.amountPaid': 'Importe pagado',
  'receipt.paidOn': 'Fecha de pago',
  'receipt.paymentId': 'ID de pago',
  'receipt.invoice': 'Factura',
  'receipt.goToCourse': 'Ir a tu curso',
  'receipt.invoiceAttached':
    'Te adjuntamos en PDF tu factura {invoiceNumber}. También encontrarás tus facturas en tu historial de compras.',
  'receipt.noInvoice': 'Tus compras y sus facturas están en tu historial de compras.',
  'receipt.openHistory': 'Abrir tu historial de compras',
  'receipt.keep': 'Guarda este correo: si nos escribes sobre este pago, indica la referencia del pedido.',

  'refund.processed.subject': 'Tu reembolso de {courseTitle}',
  'refund.processed.heading': 'Reembolso realizado',
  'refund.processed.intro': 'Hola, {learnerName}: te hemos reembolsado {amount} por {courseTitle}.',
  'refund.amountRefunded': 'Importe reembolsado',
  'refund.refundedOn': 'Fecha del reembolso',
  'refund.creditNote': 'Nota de crédito',
  'refund.accessEnded': 'Tu acceso al curso ha terminado y, si tenías un certificado del curso, queda revocado.',
  'refund.accessContinues': 'Sigues teniendo acceso al curso.',
  'refund.timing':
    'Los reembolsos tardan entre 7 y 10 días hábiles en procesarse, y la transferencia bancaria, entre 3 y 7 días hábiles más.',
  'refund.creditNoteAttached': 'Te adjuntamos la nota de crédito en este correo.',
  'refund.requested.subject': 'Hemos recibido tu solicitud de cancelación de {courseTitle}',
  'refund.requested.heading': 'Solicitud de cancelación recibida',
  'refund.requested.intro':
    'Hola, {learnerName}: hemos recibido tu solicitud para cancelar la compra de {courseTitle} ({amount}).',
  'refund.requested.after':
    'Nuestro equipo de soporte la revisará en un plazo de 3 a 5 días hábiles y te enviará la decisión por correo. Mientras tanto, conservas el acceso.',
  'refund.rejected.subject': 'Tu solicitud de cancelación de {courseTitle}',
  'refund.rejected.heading': 'Solicitud de cancelación rechazada',
  'refund.rejected.intro':
    'Hola, {learnerName}: hemos revisado tu solicitud para cancelar la compra de {courseTitle} y no podemos reembolsarla.',
  'refund.rejected.reason': 'Motivo',
  'refund.rejected.after':
    'Sigues teniendo acceso al curso. Si tienes alguna pregunta, escríbenos desde nuestra página de contacto.',
  'refund.failed.subject': 'Tu reembolso de {courseTitle} necesita nuestra atención',
  'refund.failed.heading': 'Reembolso aún no completado',
  'refund.failed.intro':
    'Hola, {learnerName}: el proveedor de pagos no aceptó el reembolso de {amount} por {courseTitle}.',
  'refund.failed.after':
    'Ya hemos avisado a nuestro equipo de soporte, que lo completará manualmente. No tienes que hacer nada.',

  'welcome.subject': 'Te damos la bienvenida a {courseTitle}',
  'welcome.intro':
    'Hola, {learnerName}: tu inscripción en {courseTitle} está lista. Tu progreso se guarda mientras ves las lecciones, en todos los dispositivos en los que inicies sesión.',
  'welcome.firstLesson': 'Empieza por la primera lección: {lessonTitle}.',
  'welcome.noLessons': 'Las primeras lecciones llegarán pronto.',
  'welcome.start': 'Empezar la primera lección',

  'grant.title': 'Ya tienes acceso a {courseTitle}',
  'grant.preheader': 'Todas las lecciones de {courseTitle} ya están disponibles para ti.',
  'grant.intro':
    'Hola, {learnerName}: nuestro equipo te ha dado acceso a {courseTitle}. Todas las lecciones ya están disponibles y tu progreso se guarda mientras las ves.',
  'grant.help': '¿Tienes preguntas sobre tu acceso? Responde a este correo.',

  'certificate.subject': 'Tu certificado de {courseTitle}',
  'certificate.preheader': 'Tu certificado de {courseTitle} está listo para compartir.',
  'certificate.heading': 'Tu certificado está listo',
  'certificate.intro':
    '¡Enhorabuena, {learnerName}! Has visto todas las lecciones de {courseTitle} y has aprobado todos los cuestionarios, así que tu certificado está listo.',
  'certificate.issuedTo': 'Emitido a nombre de',
  'certificate.issuedOn': 'Fecha de emisión',
  'certificate.timeWatched': 'Tiempo de visualización',
  'certificate.score': '{score} %',
  'certificate.id': 'ID del certificado',
  'certificate.view': 'Ver tu certificado',
  'certificate.share':
    'Cualquier persona a la que le des el enlace (una empresa, un reclutador) puede comprobarlo en nuestro sitio y descargarlo en PDF.',
  'certificate.linkedIn': 'Añadir al perfil de LinkedIn',
  'certificate.watched.underMinute': 'menos de un minuto',
  'certificate.watched.minutes': '{minutes} min',
  'certificate.watched.hours': '{hours} h',
  'certificate.watched.hoursMinutes': '{hours} h {minutes} min',

  'reminder.subject': 'Continúa con {courseTitle}: a continuación, {lessonTitle}',
  'reminder.preheader': 'A continuación: {lessonTitle}',
  'reminder.heading': 'Tu semana de aprendizaje',
  'reminder.intro': 'Hola, {learnerName}: un poco de progreso cada semana suma mucho. Aquí es donde lo dejaste.',
  'reminder.progress': '{completed} de {total, plural, one {# lección completada} other {# lecciones completadas}}',
  'reminder.next': 'Siguiente: {lessonTitle}',
  'reminder.summary': '{progress}. {next}',
  'reminder.continueLearning': 'Seguir aprendiendo',
  'reminder.continueCourse': 'Continuar con {courseTitle}',
  'reminder.continue': 'Continuar',
  'reminder.why':
    'Recibes este correo semanal porque tienes activados los recordatorios de cursos en tu configuración.',
  'reminder.unsubscribeLink': 'Dejar de recibir recordatorios de cursos',
  'reminder.unsubscribe': 'Cancelar la suscripción',

  'contact.ack.subject': 'Hemos recibido tu mensaje [{ticketId}]',
  'contact.ack.heading': 'Hemos recibido tu mensaje',
  'contact.ack.intro':
    'Hola, {name}: gracias por escribirnos. Hemos registrado tu mensaje «{subject}» con el ticket {ticketId}.',
  'contact.ack.topic': 'Tema',
  'contact.ack.supportHours': 'Horario de atención',
  'contact.ack.supportHoursLine': 'Horario de atención:',
  'contact.ack.reply': 'Si vuelves a escribirnos, responde a este correo o indica el número de ticket.',
  'contact.target.business':
    'Respondemos a las consultas comerciales y de colaboración en un plazo de {hours, plural, one {# hora} other {# horas}}.',
  'contact.target.technical':
    'Respondemos a los problemas técnicos críticos (no puedes iniciar sesión, pagar o reproducir una lección) en un plazo de {critical, plural, one {# hora} other {# horas}} dentro del horario de atención, y a las demás consultas técnicas en {general, plural, one {# hora} other {# horas}}.',
  'contact.target.general':
    'Respondemos a las consultas generales en un plazo de {hours, plural, one {# hora} other {# horas}}.',
  'category.general': 'Soporte general',
  'category.technical': 'Soporte técnico',
  'category.billing': 'Facturación y pagos',
  'category.courses': 'Contenido de los cursos',
  'category.business': 'Consultas comerciales',
  'category.partnership': 'Colaboraciones',
  'category.other': 'Otros',

  'support.subject': 'Re: {subject} [{ticketId}]',
  'support.heading': 'Sobre tu mensaje «{subject}»',
  'support.greeting': 'Hola, {learnerName}:',
  'support.signature': '{staffName}, equipo de soporte de {productName}',
  'support.howToAnswer':
    'Para responder, usa el formulario de contacto e indica tu número de ticket {ticketId} en el asunto o en el mensaje, así tu respuesta se sumará a esta conversación.',
  'support.openForm': 'Abrir el formulario de contacto',
  'support.contactForm': 'Formulario de contacto',
};
