import { Type } from 'typebox';
import { MODALITIES, SOCIAL_NETWORK_LABELS, SOCIAL_NETWORKS } from '@/domain/site-settings-values';

/**
 * 'Ajustes del sitio' (docs/decisions/199): GET and PATCH /api/settings/. The
 * rules and their Spanish messages are domain/site-settings.ts's
 * (validateSiteSettings, which the form runs too); the schemas say the shape,
 * and the body's refuse unknown fields.
 */

const LINK = 'Una dirección http(s) o una ruta de este sitio que empiece por / (hasta 2048 caracteres); vacía si no hay';
const DATE = 'AAAA-MM-DD, el día incluido; null si no hay';

const networks = (optional: boolean) =>
  Object.fromEntries(
    SOCIAL_NETWORKS.map((network) => {
      const field = Type.String({ description: `${SOCIAL_NETWORK_LABELS[network]}: ${LINK}` });
      return [network, optional ? Type.Optional(field) : field];
    }),
  );

const Modality = Type.Union([Type.Enum(MODALITIES), Type.Literal('')], {
  description: 'presencial, semipresencial o en-linea; vacía si no se indica',
});

const fields = {
  contact_email: Type.String({ description: 'Correo de contacto; vacío si no hay' }),
  contact_phone: Type.String({ description: 'Teléfono de contacto (cifras, espacios y + ( ) - .); vacío si no hay' }),
  contact_address: Type.String({ description: 'Dirección postal, hasta 300 caracteres; vacía si no hay' }),
  duration_months: Type.Union([Type.Integer(), Type.Null()], { description: 'Duración en meses, de 1 a 120; null si no se indica' }),
  ects_credits: Type.Union([Type.Integer(), Type.Null()], { description: 'Créditos ECTS, de 1 a 999; null si no se indica' }),
  modality: Modality,
  language: Type.String({ description: 'Idioma en que se imparte, texto libre (hasta 100 caracteres)' }),
  price: Type.Union([Type.Integer(), Type.Null()], { description: 'Precio en euros, entero de 0 a 1.000.000; null si no se indica' }),
  admission_opens: Type.Union([Type.String(), Type.Null()], { description: `Apertura del plazo de admisión: ${DATE}` }),
  admission_closes: Type.Union([Type.String(), Type.Null()], {
    description: `Cierre del plazo de admisión: ${DATE}. Obligatorio si hay apertura, y no anterior a ella`,
  }),
  how_to_apply_url: Type.String({ description: `'Cómo inscribirse': ${LINK}` }),
  research_group_name: Type.String({ description: 'Nombre del grupo de investigación (obligatorio, hasta 100 caracteres)' }),
  research_group_url: Type.String({ description: `Enlace del grupo de investigación: ${LINK}` }),
};

export const SiteSettingsAnswer = Type.Object(
  {
    ...fields,
    social_links: Type.Object(networks(false), { title: 'SocialLinks', description: 'Los cinco enlaces; vacío el que no se muestra' }),
    updated_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'Última vez que se guardaron; null si nunca (los valores son entonces los de las variables de entorno)',
    }),
    updated_by: Type.Union([Type.String(), Type.Null()], { description: 'Quién los guardó por última vez' }),
  },
  { title: 'SiteSettings' },
);

/** Any of the fields: what is not sent stays as it is. */
export const SiteSettingsBody = Type.Object(
  {
    ...Object.fromEntries(Object.entries(fields).map(([name, schema]) => [name, Type.Optional(schema)])),
    social_links: Type.Optional(
      Type.Object(networks(true), {
        title: 'SocialLinksUpdate',
        description: 'Las redes que se cambian; las que no se envían se conservan',
        additionalProperties: false,
      }),
    ),
  },
  { title: 'SiteSettingsUpdate', additionalProperties: false },
);
