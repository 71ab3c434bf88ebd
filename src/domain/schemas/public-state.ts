import { Type, type Static } from 'typebox';
import { SHOWN_STATUSES } from '@/domain/publication-status';

// Its own module: the publication schemas and the dashboard's both carry it, and the
// dashboard's also reach the activity log's, whose domain module reads the entities.
const closed = { additionalProperties: false } as const;
const IsoDate = Type.String({ format: 'date' });

/** A publication's shown status (domain/publication-status.ts publicState), computed with the site's today. */
export const PublicState = Type.Object(
  {
    status: Type.Enum(SHOWN_STATUSES, { description: 'draft, scheduled (publicada con fecha posterior a hoy), published, archived' }),
    scheduled_for: Type.Union([IsoDate, Type.Null()], { description: 'La fecha en que se publicará, si está programada' }),
    section_hidden: Type.Boolean({ description: 'Su sección no es visible en el sitio' }),
    undated: Type.Boolean({ description: 'Publicada sin fecha: no es pública' }),
    is_public: Type.Boolean({ description: 'Un visitante la ve hoy' }),
  },
  {
    ...closed,
    title: 'PublicState',
    description: 'El estado que se muestra, con la regla del sitio público (estado, fecha en SITE_TIME_ZONE, sección visible)',
  },
);

export type PublicState = Static<typeof PublicState>;
