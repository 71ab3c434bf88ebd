/**
 * The site's mail as the panel names it (docs/decisions/202, 204): what each
 * message of the outbox is about. The server writes these kinds; 'Correo'
 * (Usuarios) shows their labels.
 */
export const MAIL_KINDS = ['password-reset', 'reset-by-admin', 'invitation', 'password-changed', 'email-confirm', 'email-changed'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  'password-reset': 'Contraseña olvidada',
  'reset-by-admin': 'Contraseña restablecida',
  invitation: 'Invitación',
  'password-changed': 'Aviso de contraseña cambiada',
  'email-confirm': 'Confirmación de dirección',
  'email-changed': 'Aviso de dirección cambiada',
};

/** Where a message of the outbox stands: waiting (and being tried), sent, or given up. */
export const OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const OUTBOX_STATUS_LABELS: Record<OutboxStatus, string> = {
  pending: 'Pendiente',
  sent: 'Enviado',
  failed: 'Fallido',
};
