import { dictionary } from '@zxcvbn-ts/language-common';
import { messages } from './messages';
import { FIELD_LIMITS } from './limits';
import { isEmail } from './validation';
import { isOneOf } from './guards';

/**
 * Staff accounts and their two roles: what the server enforces and the panel
 * shows, in one place. The password rules follow NIST SP 800-63B-4 for a
 * single factor: a length floor, no composition rules, and a refusal of the
 * username and of well-known passwords. The common-password list is large:
 * only the admin panel and the server import this module, never the public site.
 */

export const ROLES = ['admin', 'editor'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Administrador',
  editor: 'Editor',
};

export const isRole = (value: unknown): value is Role => isOneOf(ROLES, value);

/** What the Usuarios list shows in 'Estado'. */
export const ACCOUNT_STATES = ['active', 'inactive', 'invited', 'invitation_expired'] as const;
export type AccountState = (typeof ACCOUNT_STATES)[number];

export const ACCOUNT_STATE_LABELS: Record<AccountState, string> = {
  active: 'Activo',
  inactive: 'Desactivado',
  invited: 'Invitación pendiente',
  invitation_expired: 'Invitación caducada',
};

/** What a password link is for: a first password, or a new one chosen after a reset. */
export const INVITATION_KINDS = ['invitation', 'reset'] as const;
export type InvitationKind = (typeof INVITATION_KINDS)[number];

/** How long a password link works. */
export const INVITATION_LIFETIME_HOURS = 72;

/** How long the link that confirms a new email address works (docs/decisions/206). */
export const EMAIL_CONFIRMATION_LIFETIME_HOURS = 24;

/** Length bounds of a password, in characters (Unicode code points). */
export const PASSWORD_MIN_LENGTH = 15;
export const PASSWORD_MAX_LENGTH = 128;

/** Length bounds of a username and of a person's name. */
export const USERNAME_MAX_LENGTH = 150;
export const NAME_MAX_LENGTH = 200;
/** Letters, digits and @ . + - _ (Django's username rule), no spaces. */
const USERNAME_PATTERN = /^[\p{L}\p{N}@.+_-]+$/u;

/**
 * What makes two usernames one: the name in Unicode's composed form (NFC, so
 * that 'Á' typed as one character and as 'A' plus its accent are the same),
 * then in lower case, all of Unicode ('Ñandu' and 'ñandu' are one name). The
 * server stores it beside every username (users.username_key, unique) and
 * looks accounts up, throttles sign-ins and recognises browsers by it, so
 * that SQLite, whose lower() folds ASCII only, and PostgreSQL agree.
 */
export const usernameKey = (username: string): string => username.normalize('NFC').toLowerCase();

/** An account's email address as compared: two spellings of one address (case, composed accents) are one. */
export const emailKey = (email: string): string => email.trim().normalize('NFC').toLowerCase();

/** The Spanish refusals of an account's email address ('' is none, and is allowed), or an empty list. Uniqueness is the server's. */
export function validateAccountEmail(email: string): string[] {
  const address = email.trim();
  if (address === '') return [];
  if (address.length > FIELD_LIMITS.email) return [messages.tooLong(FIELD_LIMITS.email)];
  return isEmail(address) ? [] : [messages.invalidEmail];
}

export const accountMessages = {
  forbidden: 'No tiene permiso para realizar esta acción.',
  passwordTooShort: `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres.`,
  passwordTooLong: `La contraseña no puede tener más de ${PASSWORD_MAX_LENGTH} caracteres.`,
  passwordIsUsername: 'La contraseña no puede ser igual al nombre de usuario.',
  passwordTooCommon: 'Esta contraseña es demasiado común. Elija otra.',
  passwordsDiffer: 'Las contraseñas no coinciden.',
  wrongCurrentPassword: 'La contraseña actual no es correcta.',
  passwordChanged: 'Contraseña cambiada. Las demás sesiones se han cerrado.',
  usernameTaken: 'Ya existe un usuario con este nombre.',
  emailTaken: 'Ya hay una cuenta con este correo electrónico.',
  usernameInvalid: 'El nombre de usuario solo puede contener letras, números y los caracteres @ . + - _',
  usernameTooLong: `El nombre de usuario no puede tener más de ${USERNAME_MAX_LENGTH} caracteres.`,
  nameTooLong: `El nombre no puede tener más de ${NAME_MAX_LENGTH} caracteres.`,
  invalidRole: 'Elija un rol válido.',
  cannotDeactivateSelf: 'No puede desactivar su propia cuenta.',
  cannotChangeOwnRole: 'No puede cambiar su propio rol.',
  ownEmailInAccount: 'Su propia dirección se cambia en Mi cuenta, con su contraseña.',
  lastAdmin: 'Debe quedar al menos un Administrador activo.',
  invalidLink: 'Este enlace no es válido o ha caducado. Pida a un administrador un enlace nuevo.',
  invalidEmailLink:
    'Este enlace para confirmar una dirección de correo no es válido, ya se usó o ha caducado. Pida el cambio de nuevo en Mi cuenta.',
  userNotFound: 'Usuario no encontrado.',
  inactiveAccountLink: 'Active la cuenta antes de crear un enlace nuevo.',
  ownLink: 'Cambie su propia contraseña en Mi cuenta.',
  sessionNotFound: 'Sesión no encontrada.',
  forgotPassword: '¿Ha olvidado su contraseña? Pida a un administrador un enlace nuevo.',
} as const;

let commonPasswords: Set<string> | undefined;

/** Whether a password is one of the well-known ones (zxcvbn-ts's list, compared in lower case). */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(dictionary['passwords-common']);
  return commonPasswords.has(password.toLowerCase());
}

const characterCount = (text: string): number => [...text].length;

/**
 * The Spanish refusals of a new password, in the order a person fixes them,
 * or an empty list when it may be used. `username` is the account's own.
 */
export function validatePassword(password: string, username: string): string[] {
  const length = characterCount(password);
  if (length < PASSWORD_MIN_LENGTH) return [accountMessages.passwordTooShort];
  if (length > PASSWORD_MAX_LENGTH) return [accountMessages.passwordTooLong];
  const errors: string[] = [];
  if (username.trim() !== '' && usernameKey(password.trim()) === usernameKey(username.trim()))
    errors.push(accountMessages.passwordIsUsername);
  if (isCommonPassword(password)) errors.push(accountMessages.passwordTooCommon);
  return errors;
}

/** The Spanish refusals of a username, or an empty list. Uniqueness is the server's to check. */
export function validateUsername(username: string): string[] {
  const name = username.trim();
  if (name === '') return [messages.required];
  if (characterCount(name) > USERNAME_MAX_LENGTH) return [accountMessages.usernameTooLong];
  // A letter typed as a base letter and its accent (NFD) is still a letter.
  if (!USERNAME_PATTERN.test(name.normalize('NFC'))) return [accountMessages.usernameInvalid];
  return [];
}
