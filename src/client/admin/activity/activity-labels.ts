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
};

export const TARGET_LABELS: Record<ActivityTargetKindName, string> = {
  publication: 'Publicación',
  section: 'Sección',
  biography: 'Biografía',
  image: 'Imagen',
  user: 'Usuario',
};
