import { Type, type Static } from 'typebox';
import { AnyRecord, ContentKindName } from './kinds';

/** The trash ('Papelera'): what was deleted, by whom and when, until it is restored or purged (docs/decisions/130-trash.md). */

const TrashKind = ContentKindName({ title: 'TrashKind' });

export const TrashEntry = Type.Object(
  {
    id: Type.Integer({ description: 'La entrada de la papelera (no el elemento)' }),
    kind: TrashKind,
    label: Type.String({ description: 'El título o el nombre del elemento al eliminarlo' }),
    item_id: Type.Integer({ description: 'El identificador que tenía el elemento; lo recupera al restaurarlo si está libre' }),
    deleted_at: Type.String({ format: 'date-time' }),
    deleted_by: Type.String({ description: 'El usuario que lo eliminó' }),
    purge_at: Type.String({
      format: 'date-time',
      description: 'Cuándo se eliminará definitivamente (TRASH_RETENTION_DAYS después de eliminarlo)',
    }),
    publications: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
      description: 'Las publicaciones que se fueron con una sección; null para publicaciones y biografías',
    }),
  },
  { title: 'TrashEntry' },
);

export type TrashEntry = Static<typeof TrashEntry>;

/** What a restore answers: the item as its own GET /{id}/ does. */
export const RestoredItem = AnyRecord({
  title: 'RestoredItem',
  description: 'El elemento restaurado, como lo devuelve su GET',
});

/** DELETE /api/sections/{id}/'s confirmation that its publications go to the trash with it. */
export const SectionDeleteQuery = Type.Object({
  with_publications: Type.Optional(
    Type.String({
      description:
        'El número de publicaciones de la sección que el administrador confirmó: con el número actual, la sección y sus publicaciones pasan juntas a la papelera; con otro, 409 con el número actual',
    }),
  ),
});
