import { Type, type Static } from 'typebox';
import { MAIL_KINDS, OUTBOX_STATUSES } from '@/domain/mail';

/**
 * 'Correo' (Usuarios, Administradores only): the outbox as the panel reads it
 * (docs/decisions/202, 205). Who, what, when and how it went; never a body,
 * which holds a one-time link.
 */

const DateTime = Type.String({ format: 'date-time' });

export const OutboxMessage = Type.Object(
  {
    id: Type.Integer(),
    kind: Type.String({ description: `De qué trata: ${MAIL_KINDS.join(', ')}` }),
    recipient: Type.String({ description: 'La dirección a la que va' }),
    subject: Type.String(),
    status: Type.Enum(OUTBOX_STATUSES, {
      description: 'pending (se intentará enviar), sent (enviado), failed (no se envió antes de que caducara su enlace)',
    }),
    attempts: Type.Integer({ minimum: 0, description: 'Intentos de envío hechos' }),
    created_at: DateTime,
    sent_at: Type.Union([DateTime, Type.Null()], { description: 'Cuándo lo aceptó el servidor de correo; null si no se ha enviado' }),
    next_attempt_at: Type.Union([DateTime, Type.Null()], {
      description: 'Cuándo se intentará de nuevo; solo en un mensaje pendiente, null en los demás',
    }),
    last_error: Type.Union([Type.String(), Type.Null()], {
      description: 'La última respuesta del servidor de correo a un envío fallido, o por qué se abandonó; null si no hubo error',
    }),
  },
  { title: 'OutboxMessage', description: 'Un mensaje del correo del sitio, sin su contenido' },
);
export type OutboxMessage = Static<typeof OutboxMessage>;
