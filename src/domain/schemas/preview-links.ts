import { Type, type Static } from 'typebox';
import { PREVIEW_LINK_DEFAULT_DAYS, PREVIEW_LINK_MAX_DAYS } from '@/domain/preview-links';
import { SHOWN_STATUSES } from '@/domain/publication-status';
import { PathId } from './common';
import { PublicPublication } from './public';

/** Private preview links ('Compartir borrador', docs/decisions/173-private-preview-links.md). */

const DateTime = Type.String({ format: 'date-time' });

export const PreviewLink = Type.Object(
  {
    id: Type.Integer(),
    publication_id: Type.Integer(),
    created_by: Type.String({ description: 'Quien lo creó (su nombre, o su usuario si no tiene nombre); vacío si no se sabe' }),
    created_at: DateTime,
    expires_at: DateTime,
    first_viewed_at: Type.Union([DateTime, Type.Null()], { description: 'La primera vez que alguien lo abrió' }),
    can_revoke: Type.Boolean({ description: 'Quien pregunta puede revocarlo: un Administrador, cualquiera; un Editor, los suyos' }),
  },
  { title: 'PreviewLink', description: 'Un enlace privado vigente; su dirección solo se mostró al crearlo' },
);
export type PreviewLink = Static<typeof PreviewLink>;

export const PreviewLinkCreated = Type.Object(
  {
    ...PreviewLink.properties,
    url: Type.String({
      description: 'Dirección relativa /vista-previa/{token}. Se muestra una sola vez: solo se guarda el hash del token',
    }),
  },
  { title: 'PreviewLinkCreated' },
);
export type PreviewLinkCreated = Static<typeof PreviewLinkCreated>;

export const PreviewLinkCreateBody = Type.Object(
  {
    days: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: PREVIEW_LINK_MAX_DAYS,
        description: `Días hasta que caduca (${PREVIEW_LINK_DEFAULT_DAYS} por omisión, ${PREVIEW_LINK_MAX_DAYS} como máximo)`,
      }),
    ),
  },
  { additionalProperties: false },
);
export type PreviewLinkCreateBody = Static<typeof PreviewLinkCreateBody>;

/** `{token}` in a path: any text; one that names no live link is 404. */
export const PreviewTokenParams = Type.Object({ token: Type.String({ description: 'El token del enlace privado' }) });

/** `{id}` of a link in a path. */
export const PreviewLinkParams = Type.Object({ id: PathId('Identificador del enlace') });

export const PublicPreview = Type.Object(
  {
    publication: PublicPublication,
    shown_status: Type.Enum(SHOWN_STATUSES, { description: 'draft, scheduled, published, archived (como en la lista del panel)' }),
    expires_at: DateTime,
  },
  { title: 'PublicPreview', description: 'La versión guardada de una publicación, tal como la muestra un enlace privado' },
);
export type PublicPreview = Static<typeof PublicPreview>;
