import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { BadRequest, Detail } from '@/domain/schemas/common';
import { SiteSettingsAnswer, SiteSettingsBody } from '@/domain/schemas/site-settings';
import { readSiteSettings, saveSiteSettings } from '../content/site-settings';
import { requestActorWriter } from '../http/writer';
import type { Services } from '../services';

/**
 * 'Ajustes del sitio' (docs/decisions/199): the site's contact, the programme's
 * key facts, the admission period, the social links and the research group.
 * Any staff member reads them (all of it is on every public page anyway); an
 * Administrador changes them (auth/permissions.ts). Every public page carries
 * them (plugins/spa.ts), so a save empties the public caches of every instance.
 */
export const siteSettingsRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const tags = ['Ajustes'];
  const security = [{ bearer: [] }];
  const defaults = services.config.siteSettingsDefaults;

  app.get(
    '/settings/',
    {
      schema: {
        tags,
        security,
        summary: 'Los ajustes del sitio',
        description:
          'Mientras nadie los ha guardado, los valores son los de las variables de entorno (SOCIAL_*_URL, GIESE_LABEL, GIESE_URL) y `updated_at` es null.',
        response: { 200: SiteSettingsAnswer, 401: Detail, 403: Detail },
      },
    },
    async () => readSiteSettings(services.db, defaults),
  );

  app.patch(
    '/settings/',
    {
      schema: {
        tags,
        security,
        summary: 'Cambia los ajustes del sitio (solo Administradores)',
        description:
          'Solo los campos enviados cambian (en `social_links`, solo las redes enviadas). Los enlaces son direcciones http(s) o rutas de este sitio ' +
          'que empiezan por /; vacíos, no se muestran. Todas las páginas públicas se vuelven a dibujar con los valores nuevos, en todas las instancias.',
        body: SiteSettingsBody,
        response: { 200: SiteSettingsAnswer, 400: BadRequest, 401: Detail, 403: Detail },
      },
    },
    async (request) => saveSiteSettings(await requestActorWriter(services, request), request.body, defaults),
  );
};
