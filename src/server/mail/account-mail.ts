import { SITE_NAME } from '@/domain/catalogue';
import { siteTimeZone } from '../clock';
import type { MailContent } from './compose';

/**
 * What the site mails about accounts (docs/decisions/204), in Spanish: the
 * one-time links (a reset asked for at the sign-in page, an invitation, a
 * reset made by an Administrador, a new address to confirm) and the notices
 * (a password changed, an address changed). A link is absolute (PUBLIC_URL's)
 * and its token stays after '#'.
 */

/** Whom a message greets: the account's name, else its username. */
export interface Addressee {
  username: string;
  name: string;
}

const greet = ({ name, username }: Addressee) => `Hola, ${name.trim() || username}:`;

/** An instant as a person reads it, in the site's time zone: 'el 6 de diciembre de 2026 a las 10:32 (hora de Madrid)'. */
function mailTime(at: Date, timeZone: string = siteTimeZone()): string {
  const day = new Intl.DateTimeFormat('es-ES', { timeZone, day: 'numeric', month: 'long', year: 'numeric' }).format(at);
  const time = new Intl.DateTimeFormat('es-ES', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
  const city = timeZone.split('/').pop()!.replace(/_/g, ' ');
  return `el ${day} a las ${time} (hora de ${city})`;
}

const NOT_YOU = 'Si no ha sido usted, escriba cuanto antes a un Administrador del sitio.';

/** `hasPassword`: the account has one that still works (not one never chosen, nor one an Administrador reset). */
export function passwordResetMail(to: Addressee, url: string, hasPassword: boolean): MailContent {
  return {
    subject: 'Elija una contraseña nueva',
    greeting: greet(to),
    paragraphs: [
      `Alguien ha pedido elegir una contraseña nueva para la cuenta «${to.username}» del panel de ${SITE_NAME}.`,
      ...(hasPassword ? ['Su contraseña actual sigue sirviendo mientras no elija otra.'] : []),
    ],
    action: { label: 'Elegir una contraseña nueva', url },
    after: ['El enlace sirve una sola vez durante una hora.', 'Si no lo ha pedido usted, puede ignorar este mensaje.'],
  };
}

export function invitationMail(to: Addressee, url: string, invitedBy: string): MailContent {
  return {
    subject: `Invitación al panel de ${SITE_NAME}`,
    greeting: greet(to),
    paragraphs: [
      `${invitedBy} le ha creado la cuenta «${to.username}» en el panel de administración de ${SITE_NAME}.`,
      'Para empezar, elija su contraseña con este enlace.',
    ],
    action: { label: 'Elegir mi contraseña', url },
    after: ['El enlace sirve una sola vez durante 72 horas. Si caduca, pida otro a un Administrador.'],
  };
}

export function adminResetMail(to: Addressee, url: string, resetBy: string): MailContent {
  return {
    subject: 'Su contraseña se ha restablecido',
    greeting: greet(to),
    paragraphs: [
      `${resetBy} ha restablecido la contraseña de su cuenta «${to.username}»: la anterior ya no sirve y sus sesiones se han cerrado.`,
      'Elija una contraseña nueva con este enlace.',
    ],
    action: { label: 'Elegir una contraseña nueva', url },
    after: ['El enlace sirve una sola vez durante 72 horas.', NOT_YOU],
  };
}

export function passwordChangedMail(to: Addressee, at: Date, browser: string): MailContent {
  return {
    subject: 'Su contraseña ha cambiado',
    greeting: greet(to),
    paragraphs: [
      `La contraseña de su cuenta «${to.username}» en el panel de ${SITE_NAME} se cambió ${mailTime(at)}, desde ${browser}.`,
      'Si ha sido usted, no tiene que hacer nada.',
    ],
    after: [
      'Si no ha sido usted, pida enseguida un enlace para elegir otra en la página de inicio de sesión («¿Ha olvidado su contraseña?») o a un Administrador.',
    ],
  };
}

export function emailConfirmMail(to: Addressee, url: string): MailContent {
  return {
    subject: 'Confirme su nueva dirección de correo',
    greeting: greet(to),
    paragraphs: [
      `Ha pedido usar esta dirección para la cuenta «${to.username}» del panel de ${SITE_NAME}.`,
      'No se usará hasta que la confirme con este enlace.',
    ],
    action: { label: 'Confirmar la dirección', url },
    after: ['El enlace sirve una sola vez durante 24 horas.', 'Si no lo ha pedido usted, puede ignorar este mensaje.'],
  };
}

export function emailChangedMail(to: Addressee, newAddress: string, at: Date): MailContent {
  return {
    subject: 'Su dirección de correo ha cambiado',
    greeting: greet(to),
    paragraphs: [
      `La dirección de correo de su cuenta «${to.username}» en el panel de ${SITE_NAME} pasó a ser ${newAddress} ${mailTime(at)}.`,
      'Los mensajes del sitio llegarán desde ahora a esa dirección.',
    ],
    after: [NOT_YOU],
  };
}

export function emailRemovedMail(to: Addressee, at: Date): MailContent {
  return {
    subject: 'Su cuenta ya no tiene dirección de correo',
    greeting: greet(to),
    paragraphs: [
      `La dirección de correo de su cuenta «${to.username}» en el panel de ${SITE_NAME} se quitó ${mailTime(at)}.`,
      'El sitio ya no le enviará mensajes a esta dirección.',
    ],
    after: [NOT_YOU],
  };
}
