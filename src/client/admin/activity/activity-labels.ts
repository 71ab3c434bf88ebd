import { byKind, kindLabel } from '@/domain/content-kinds';
import type { ActivityActionName, ActivityTargetKindName } from '@/domain/history';

/** Each action of the activity log in the administrator's words. */
export const ACTION_LABELS: Record<ActivityActionName, string> = {
  sign_in: 'Inicio de sesión',
  sign_in_failed: 'Inicio de sesión fallido',
  sign_in_locked: 'Usuario bloqueado por intentos fallidos',
  sign_out: 'Cierre de sesión',
  create: 'Creación',
  update: 'Edición',
  delete: 'Envío a la papelera',
  restore: 'Restauración desde la papelera',
  revision_restore: 'Restauración de una versión',
  purge: 'Eliminación definitiva',
  reorder: 'Cambio de orden',
  upload: 'Subida de imagen',
  password_change: 'Cambio de contraseña',
  account_create: 'Creación de cuenta',
  invitation_create: 'Enlace de invitación',
  account_activate: 'Activación de cuenta',
  account_deactivate: 'Desactivación de cuenta',
  account_reactivate: 'Reactivación de cuenta',
  role_change: 'Cambio de rol',
  password_reset: 'Restablecimiento de contraseña',
  sessions_close: 'Cierre de sesiones',
  account_rename: 'Cambio de nombre de usuario',
  email_change_request: 'Cambio de correo electrónico pedido',
  email_change: 'Cambio de correo electrónico',
  preview_link_create: 'Enlace privado creado',
  preview_link_revoke: 'Enlace privado revocado',
  preview_link_view: 'Enlace privado abierto por primera vez',
  preview_links_revoke_all: 'Enlaces privados de una cuenta revocados',
  bulk_publish: 'Publicación en lote',
  bulk_draft: 'Paso a borrador en lote',
  bulk_archive: 'Archivo en lote',
  bulk_move: 'Cambio de sección en lote',
  bulk_trash: 'Envío a la papelera en lote',
  bulk_revert: 'Deshacer una acción en lote',
  bulk_restore: 'Restauración en lote desde la papelera',
};

/** The filter's option for every bulk action at once. */
export const BULK_FILTER_LABEL = 'Acciones en lote (todas)';

export const TARGET_LABELS: Record<ActivityTargetKindName, string> = {
  ...byKind(kindLabel),
  image: 'Imagen',
  user: 'Usuario',
  settings: 'Ajustes del sitio',
};
