import { Type, type Static } from 'typebox';
import {
  ACCOUNT_STATES,
  EMAIL_CONFIRMATION_LIFETIME_HOURS,
  INVITATION_KINDS,
  INVITATION_LIFETIME_HOURS,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  ROLES,
} from '@/domain/accounts';

/**
 * Mi cuenta, Usuarios and the activation page's requests. Required fields are
 * optional here and checked by the routes, so that a blank one is answered
 * with its field's Spanish message like any other rule.
 */

const Role = Type.Enum(ROLES, { description: 'admin (Administrador) o editor (Editor)' });
const passwordRules = `De ${PASSWORD_MIN_LENGTH} a ${PASSWORD_MAX_LENGTH} caracteres, distinta del nombre de usuario y de las contraseñas más comunes`;

export const Account = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  name: Type.String(),
  role: Role,
  email: Type.String({ description: 'Su dirección de correo; "" si no tiene' }),
  pending_email: Type.Union([Type.String(), Type.Null()], {
    description: `La dirección nueva que espera a que se abra el enlace que se le envió (válido ${EMAIL_CONFIRMATION_LIFETIME_HOURS} horas); null si no hay ninguna`,
  }),
  mail: Type.Boolean({
    description: 'Si el sitio envía correo: entonces una dirección nueva se confirma con un enlace; si no, cambia al guardarla',
  }),
});
export type Account = Static<typeof Account>;

export const EmailChangeBody = Type.Object(
  {
    email: Type.Optional(Type.String({ description: 'La dirección nueva; "" quita la actual' })),
    current_password: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);

export const EmailConfirmed = Type.Object({ email: Type.String({ description: 'La dirección de la cuenta desde ahora' }) });

export const PasswordChangeBody = Type.Object(
  {
    current_password: Type.Optional(Type.String()),
    new_password: Type.Optional(Type.String({ description: passwordRules })),
  },
  { additionalProperties: false },
);

export const PasswordChanged = Type.Object({
  detail: Type.String(),
  access: Type.String({ description: 'Token de acceso nuevo de esta sesión' }),
  refresh: Type.String({ description: 'Token de renovación nuevo de esta sesión' }),
});

export const AccountSession = Type.Object({
  id: Type.String({ description: 'Identificador del inicio de sesión' }),
  browser: Type.String({ description: 'Navegador, leído del User-Agent' }),
  system: Type.String({ description: 'Sistema operativo, leído del User-Agent' }),
  ip: Type.Union([Type.String(), Type.Null()], { description: 'Última dirección; se borra a los 90 días' }),
  started_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  last_used_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  current: Type.Boolean({ description: 'true para la sesión de esta petición' }),
});
export type AccountSession = Static<typeof AccountSession>;

export const SessionParams = Type.Object({ id: Type.String({ description: 'Identificador del inicio de sesión' }) });

export const SessionsClosed = Type.Object({ closed: Type.Integer({ minimum: 0, description: 'Sesiones cerradas' }) });

export const User = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  name: Type.String(),
  role: Role,
  email: Type.Union([Type.String({ format: 'email' }), Type.Null()], { description: 'Adonde se envía su correo; null si no tiene' }),
  state: Type.Enum(ACCOUNT_STATES, { description: 'active, inactive (desactivado), invited (invitación pendiente), invitation_expired' }),
  last_login_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  preview_links: Type.Integer({ minimum: 0, description: 'Enlaces privados vigentes que creó la cuenta' }),
});
export type User = Static<typeof User>;

export const PreviewLinksRevoked = Type.Object({ revoked: Type.Integer({ minimum: 0, description: 'Enlaces privados revocados' }) });

export const UserCreateBody = Type.Object(
  {
    // A visible character, so that a blank one is reported with a bad role in one answer (http/schema-errors.ts).
    username: Type.Optional(Type.String({ pattern: '\\S', description: 'Único sin distinguir mayúsculas; letras, números y @ . + - _' })),
    name: Type.Optional(Type.String()),
    // "" is how a form says that no role was chosen: the service answers that one as a missing field.
    role: Type.Optional(Type.Union([Role, Type.Literal('')])),
    email: Type.Optional(
      Type.Union([Type.String(), Type.Null()], {
        description: 'Correo electrónico de la cuenta (opcional, único sin distinguir mayúsculas); "" o null, ninguno',
      }),
    ),
  },
  { additionalProperties: false },
);

export const UserUpdateBody = Type.Object(
  {
    name: Type.Optional(Type.String()),
    role: Type.Optional(Role),
    email: Type.Optional(
      Type.Union([Type.String(), Type.Null()], {
        description: 'Correo electrónico de la cuenta (opcional, único sin distinguir mayúsculas); "" o null, ninguno',
      }),
    ),
    is_active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const PasswordLink = Type.Object({
  url: Type.String({ description: 'Dirección relativa de la página de activación; el token va tras #. Se muestra una sola vez' }),
  expires_at: Type.String({ format: 'date-time', description: `Caduca a las ${INVITATION_LIFETIME_HOURS} horas` }),
  mailed_to: Type.Union([Type.String(), Type.Null()], {
    description: 'La dirección a la que también se envió el enlace por correo; null si la cuenta no tiene o el sitio no envía correo',
  }),
});

export const UserCreated = Type.Object({ user: User, invitation: PasswordLink });

export const LinkCheckBody = Type.Object({ token: Type.Optional(Type.String()) }, { additionalProperties: false });

export const LinkCheck = Type.Object({
  username: Type.String(),
  name: Type.String(),
  kind: Type.Enum(INVITATION_KINDS, { description: 'invitation (primera contraseña) o reset (contraseña restablecida)' }),
});

export const LinkAcceptBody = Type.Object(
  { token: Type.Optional(Type.String()), password: Type.Optional(Type.String({ description: passwordRules })) },
  { additionalProperties: false },
);

export const PasswordResetBody = Type.Object(
  { username_or_email: Type.Optional(Type.String({ description: 'El nombre de usuario o la dirección de correo de la cuenta' })) },
  { additionalProperties: false },
);
