import { Type, type Static } from 'typebox';
import { PRESENCE_TAB_MAX_LENGTH } from '../presence';

/**
 * Who else has a record's form open (docs/decisions/182-presence.md): the
 * heartbeat a form sends every 20 s, and what it learns back.
 */

const Tab = Type.String({
  minLength: 1,
  maxLength: PRESENCE_TAB_MAX_LENGTH,
  description: 'Identificador aleatorio de la pestaña del navegador que tiene abierto el formulario',
});

export const PresenceBeat = Type.Object({ tab: Tab }, { title: 'PresenceBeat', additionalProperties: false });
export type PresenceBeat = Static<typeof PresenceBeat>;

export const PresenceLeaveQuery = Type.Object({ tab: Tab });

export const PresenceEditor = Type.Object(
  {
    name: Type.String({ description: 'El Nombre de la persona, o su usuario si no tiene' }),
    since: Type.String({ format: 'date-time', description: 'Desde cuándo tiene el formulario abierto' }),
    you: Type.Boolean({ description: 'true: quien pregunta, en otra pestaña o navegador' }),
  },
  { title: 'PresenceEditor' },
);

const PresenceSave = Type.Object(
  {
    at: Type.String({ format: 'date-time' }),
    by: Type.String({ description: 'El Nombre de quien guardó, o su usuario' }),
    you: Type.Boolean({ description: 'true: lo guardó quien pregunta (en otra pestaña o navegador)' }),
    revision_id: Type.Integer({ description: 'La versión del Historial que guardó (su `id`)' }),
  },
  { title: 'PresenceSave', description: 'El último guardado del elemento' },
);

export const Presence = Type.Object(
  {
    editors: Type.Array(PresenceEditor, {
      description: 'Quienes más tienen abierto el formulario ahora (sin esta pestaña), por orden de llegada',
    }),
    version: Type.Integer({ minimum: 1, description: 'La versión guardada del elemento ahora' }),
    last_save: Type.Union([PresenceSave, Type.Null()]),
    time_zone: Type.String({ description: 'SITE_TIME_ZONE, en el que se dicen las horas' }),
  },
  { title: 'Presence' },
);
export type Presence = Static<typeof Presence>;
export type PresenceEditor = Static<typeof PresenceEditor>;
