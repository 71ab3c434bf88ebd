import { Type } from 'typebox';
import { PUBLICATION_STATUSES } from '@/domain/publication-values';
import { FocalPoint, PageOf, PageQuery } from './common';
import { LIST_ORDERS } from '@/domain/list-order';
import { Layout, PublicationEventSchema } from './publications';

export const PublicPublication = Type.Object(
  {
    id: Type.Integer(),
    title: Type.String(),
    section_title: Type.String(),
    section_slug: Type.String(),
    status: Type.Enum(PUBLICATION_STATUSES),
    featured_image: Type.Union([Type.String(), Type.Null()]),
    featured_image_focus: Type.Union([FocalPoint, Type.Null()], {
      description: 'El punto focal de la imagen destacada si está en la biblioteca; null: el centro',
    }),
    is_featured: Type.Boolean(),
    publish_date: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
    event: Type.Union([PublicationEventSchema, Type.Null()], { description: 'Su evento, o null' }),
    event_upcoming: Type.Union([Type.Boolean(), Type.Null()], {
      description: 'Si su evento es próximo: su último día es hoy o posterior en SITE_TIME_ZONE (null sin evento)',
    }),
    layout: Layout,
    order: Type.Integer(),
  },
  { title: 'PublicPublication' },
);

/** A page of a public list, with the order its section chose: the site groups an 'event' list under 'Próximos' and 'Anteriores'. */
export const PublicPublicationPage = Type.Object(
  {
    ...PageOf(PublicPublication).properties,
    list_order: Type.Enum(LIST_ORDERS, { description: "El orden de la lista de su sección ('date' para la de todo el sitio)" }),
  },
  { title: 'PaginatedPublicPublicationList' },
);

// The order of the properties is the order of the parameters in the public cache's keys and in
// the next/previous links (server/cache/public-key.ts): the section first, as the site asks.
export const PublicPublicationsQuery = Type.Object({
  section_slug: Type.Optional(Type.String({ description: 'Solo las de esta sección' })),
  ...PageQuery.properties,
});

export const PublicBiographiesQuery = Type.Object({
  ...PageQuery.properties,
  include_inactive: Type.Optional(Type.String({ description: '`true`: también las inactivas, solo para un administrador identificado' })),
});

export const UploadAnswer = Type.Object(
  { url: Type.String({ description: 'Dirección de la imagen guardada, relativa al sitio' }) },
  { title: 'UploadedImage' },
);
