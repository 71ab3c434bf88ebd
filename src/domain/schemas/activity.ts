import { Type, type Static } from 'typebox';
import { ACTIVITY_ACTIONS, ACTIVITY_TARGET_KINDS, BULK_ACTIVITY_FILTER } from '@/domain/history';
import { PageQuery } from './common';

/**
 * The activity log ('Actividad', /admin/actividad): who did what and when,
 * newest first (docs/decisions/221-the-activity-log.md).
 */

const ActivityAction = Type.Enum(ACTIVITY_ACTIONS, {
  description:
    'sign_in, sign_in_failed, sign_in_locked (el usuario queda bloqueado para navegadores desconocidos), sign_out, create, update, delete (a la papelera), restore (desde la papelera), revision_restore, purge, reorder, upload; ' +
    'cuentas: password_change, account_create, invitation_create, account_activate, account_deactivate, account_reactivate, role_change, password_reset, sessions_close, account_rename (un nombre de usuario que una actualización cambió porque otra cuenta ya lo tenía, con otras mayúsculas o con los acentos escritos de otra forma), email_change_request (una dirección de correo nueva pedida en Mi cuenta, a la espera de su enlace), email_change (la dirección propia cambiada o quitada); ' +
    'acciones en lote sobre publicaciones (una entrada que lista sus elementos): bulk_publish, bulk_draft, bulk_archive, bulk_move, bulk_trash, bulk_revert (deshacer), bulk_restore (desde la papelera)',
});

const ActivityTargetKind = Type.Union([Type.Enum(ACTIVITY_TARGET_KINDS), Type.Null()], {
  description:
    'Sobre qué: publication, section, biography, media, image, user (una cuenta), settings (los ajustes del sitio); null para los inicios y cierres de sesión',
});

/** One item a bulk action changed, named as it was then. */
export const ActivityItem = Type.Object(
  { kind: Type.Enum(ACTIVITY_TARGET_KINDS), id: Type.Integer(), label: Type.String() },
  { title: 'ActivityItem' },
);
export type ActivityItem = Static<typeof ActivityItem>;

export const ActivityEntry = Type.Object(
  {
    id: Type.Integer(),
    at: Type.String({ format: 'date-time' }),
    user: Type.Union([Type.String(), Type.Null()], {
      description:
        'El usuario; null en un inicio de sesión fallido con un nombre que no es de ningún administrador, en la purga automática de la papelera y en un cambio de nombre de usuario hecho por una actualización',
    }),
    action: ActivityAction,
    target_kind: ActivityTargetKind,
    target_id: Type.Union([Type.Integer(), Type.Null()]),
    target_label: Type.String({
      description:
        "El título o nombre en ese momento ('' si no hay); en una reordenación, cuántos elementos ('5 secciones'); en una subida, la dirección de la imagen",
    }),
    ip: Type.Union([Type.String(), Type.Null()], {
      description: 'La dirección IP de un inicio de sesión (correcto o fallido); null en lo demás y pasados 90 días',
    }),
    items: Type.Optional(
      Type.Array(ActivityItem, {
        description:
          "Solo en una acción en lote (bulk_*): los elementos que cambió, en orden; `target_label` dice cuántos ('3 publicaciones')",
      }),
    ),
  },
  { title: 'ActivityEntry' },
);

export type ActivityEntry = Static<typeof ActivityEntry>;
export type ActivityAction = Static<typeof ActivityAction>;
export type ActivityTargetKind = Static<typeof ActivityTargetKind>;

export const ActivityQuery = Type.Object({
  ...PageQuery.properties,
  user: Type.Optional(Type.String({ description: 'Solo lo de este usuario (nombre exacto)' })),
  kind: Type.Optional(
    Type.String({ description: `Solo esta acción: ${ACTIVITY_ACTIONS.join(', ')}; o ${BULK_ACTIVITY_FILTER}: todas las acciones en lote` }),
  ),
  from: Type.Optional(Type.String({ description: 'Desde este día (AAAA-MM-DD, en la zona horaria del sitio), incluido' })),
  to: Type.Optional(Type.String({ description: 'Hasta este día (AAAA-MM-DD, en la zona horaria del sitio), incluido' })),
});

export type ActivityQuery = Static<typeof ActivityQuery>;

/** GET /api/activity/people/: the usernames the log names, for the filter's select. */
export const ActivityPeople = Type.Array(Type.String(), { description: 'Los usuarios que aparecen en el registro, en orden alfabético' });

export type ActivityPeople = Static<typeof ActivityPeople>;
