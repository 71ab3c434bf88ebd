import { USERNAME_MAX_LENGTH } from './accounts';
import { messages } from './messages';

/**
 * '¿Ha olvidado su contraseña?' (docs/decisions/204): what a person types (a
 * username or an email address) and what the site answers. The answer is one
 * and the same whether an account matched or not.
 */

/** The longest thing worth looking up: an email address (RFC 5321's 254) is longer than any username. */
const RESET_REQUEST_MAX_LENGTH = Math.max(254, USERNAME_MAX_LENGTH);

export const passwordResetMessages = {
  sent: 'Si existe una cuenta con esos datos, recibirá un correo con un enlace para elegir una contraseña nueva.',
  tooLong: `Escriba como mucho ${RESET_REQUEST_MAX_LENGTH} caracteres.`,
  tooMany: 'Demasiadas solicitudes desde su red. Espere unos minutos antes de volver a intentarlo.',
  noMail: 'El sitio no envía correo: pida a un administrador un enlace para elegir una contraseña nueva.',
} as const;

/** The refusals of what was typed in 'Usuario o correo electrónico' (none: it may be looked up). */
export function validateResetRequest(value: string): string[] {
  const typed = value.trim();
  if (typed === '') return [messages.required];
  if ([...typed].length > RESET_REQUEST_MAX_LENGTH) return [passwordResetMessages.tooLong];
  return [];
}
