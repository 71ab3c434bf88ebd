import { Type, type Static, type TSchema } from 'typebox';
import { Biography } from './biographies';
import { MediaItem } from './media';
import { Publication } from './publications';
import { Section } from './sections';
import { PathId } from './common';

/**
 * The history of a publication, section or biography ('Historial',
 * docs/decisions/132-revisions-and-activity-log.md): every create and update
 * keeps the whole record as its admin GET answered it, numbered from 1.
 */

/** `{id}` of the item and `{revisionId}` of one of its revisions (the revision's `id`, not its `number`). */
export const RevisionParams = Type.Object({
  id: PathId('Identificador numérico del elemento'),
  revisionId: PathId('Identificador numérico de la versión (su `id`, no su `number`)'),
});

export const RevisionSummary = Type.Object(
  {
    id: Type.Integer({ description: 'La versión; es el {revisionId} de su dirección' }),
    number: Type.Integer({
      minimum: 1,
      description: 'Número de versión del elemento: 1 para la primera, y así en adelante; no cambia cuando se eliminan las antiguas',
    }),
    created_at: Type.String({ format: 'date-time' }),
    author: Type.String({ description: "El usuario que la guardó ('' si no se conoce)" }),
    summary: Type.Array(Type.String(), {
      description:
        "Qué cambió respecto de lo anterior, en frases cortas: 'Título', 'Estado: Borrador → Publicado', 'Diseño: 1 fila añadida', 'Creación', 'Restaurada la versión 3'",
    }),
    restored_from: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], {
      description: 'El número de la versión que esta restauró; null si no es una restauración',
    }),
  },
  { title: 'RevisionSummary' },
);

export type RevisionSummary = Static<typeof RevisionSummary>;

/** One revision with its record: the item exactly as its admin GET /{id}/ answered when it was saved. */
const RevisionDetailOf = <T extends TSchema>(record: T, title: string) =>
  Type.Object({ ...RevisionSummary.properties, record }, { title, description: 'Una versión, con el elemento tal como era' });

export const PublicationRevision = RevisionDetailOf(Publication, 'PublicationRevision');
export const SectionRevision = RevisionDetailOf(Section, 'SectionRevision');
export const BiographyRevision = RevisionDetailOf(Biography, 'BiographyRevision');
export const MediaRevision = RevisionDetailOf(MediaItem, 'MediaRevision');

export type PublicationRevision = Static<typeof PublicationRevision>;
export type SectionRevision = Static<typeof SectionRevision>;
export type BiographyRevision = Static<typeof BiographyRevision>;
export type MediaRevision = Static<typeof MediaRevision>;

/**
 * POST …/revisions/{revisionId}/restore/: optionally the item's `version` the
 * administrator saw (409 with the current record when another save came first).
 */
export const RevisionRestoreBody = Type.Object(
  {
    version: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: Number.MAX_SAFE_INTEGER,
        description: 'La versión actual del elemento que el administrador tenía a la vista',
      }),
    ),
  },
  { title: 'RevisionRestore', additionalProperties: false },
);

export type RevisionRestoreBody = Static<typeof RevisionRestoreBody>;
