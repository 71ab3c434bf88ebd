import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { messages } from '@/domain/messages';
import { biographyKind, createBiography, editBiography, removeBiography, type BiographyInput } from '../content/biographies';
import { imageInputOf } from '../content/images';
import { reorder } from '../content/reorder';
import { findBiography, listBiographies } from '../db/biographies-repository';
import { notFound } from '../http/api-error';
import { FORM_CONTENT_TYPES, formBody, formFiles, refuseBody, refusePath } from '../http/form';
import { readPageRequest, requestUrl, toPage } from '../http/pagination';
import { notFoundAs } from '../http/params';
import { reorderRoute } from '../http/reorder';
import { toBiography } from '../records';
import { requestActorWriter, requestWriter } from '../http/writer';
import { Biography, BiographyBody, BiographyCreateBody, BiographyListQuery } from '@/domain/schemas/biographies';
import { BadRequest, Detail, EditConflictOf, IdParams, PageOf } from '@/domain/schemas/common';
import type { Services } from '../services';

/** The service's input from a biography form: its fields, and the photo as a file (multipart), an address (JSON) or a library image's id. */
function biographyInput(
  request: FastifyRequest,
  { photo_id, ...body }: Omit<BiographyInput, 'photo'> & { photo?: string | null; photo_id?: number },
): BiographyInput {
  return { ...body, photo: imageInputOf(formFiles(request), 'photo', body.photo, photo_id) };
}

/** Admin CRUD of biographies (multipart with an optional photo, requirements §7, or JSON). */
export const biographyRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { db } = services;
  const tags = ['Biografías'];
  const security = [{ bearer: [] }];
  const config = notFoundAs(messages.biographyNotFound);
  // JSON or multipart (requirements §7, with a `photo` file), one schema for both.
  const consumes = FORM_CONTENT_TYPES;

  app.get(
    '/biographies/',
    {
      schema: {
        tags,
        security,
        summary: 'Todas las biografías, activas o no; `search` busca una parte del nombre',
        querystring: BiographyListQuery,
        response: { 200: PageOf(Biography) },
      },
    },
    async (request) => {
      const page = readPageRequest(request.query);
      const search = request.query.search?.trim() || undefined;
      const { rows, count } = await listBiographies(db, { activeOnly: false, search, window: page.window });
      return toPage(page, count, rows.map(toBiography), requestUrl(request));
    },
  );

  app.patch('/biographies/reorder/', reorderRoute('Biografías'), async (request) =>
    reorder(await requestActorWriter(services, request), 'biography', request.body),
  );

  app.get(
    '/biographies/:id/',
    { config, schema: { tags, security, summary: 'Una biografía', params: IdParams, response: { 200: Biography, 404: Detail } } },
    async (request) => {
      const biography = await findBiography(db, request.params.id);
      if (!biography) throw notFound(biographyKind.missing);
      return toBiography(biography);
    },
  );

  app.post(
    '/biographies/',
    {
      preValidation: formBody(BiographyCreateBody, ['photo']),
      schema: {
        tags,
        security,
        summary: 'Crea una biografía (orden 2 por omisión)',
        description:
          'multipart/form-data como envía el panel (photo como archivo) o JSON, con photo igual a la dirección que devolvió POST /api/upload-image/ o sin foto.',
        body: BiographyCreateBody,
        consumes,
        response: { 201: Biography, 400: BadRequest },
      },
    },
    async (request, reply) => {
      const biography = await createBiography(await requestWriter(services, request), biographyInput(request, request.body));
      return reply.code(201).send(biography);
    },
  );

  app.patch(
    '/biographies/:id/',
    {
      config,
      preValidation: formBody(BiographyBody, ['photo']),
      attachValidation: true,
      schema: {
        tags,
        security,
        summary: 'Edita una biografía',
        description:
          'Con `version`, la edición se rechaza (409) si otra se guardó antes. `photo` vacío quita la foto; sin él, se conserva.',
        params: IdParams,
        body: BiographyBody,
        consumes,
        response: { 200: Biography, 400: BadRequest, 404: Detail, 409: EditConflictOf(Biography) },
      },
    },
    async (request) => {
      refusePath(request);
      if (!(await findBiography(db, request.params.id))) throw notFound(biographyKind.missing);
      refuseBody(request);
      return editBiography(await requestWriter(services, request), request.params.id, biographyInput(request, request.body));
    },
  );

  app.delete(
    '/biographies/:id/',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Elimina una biografía (a la papelera)',
        description:
          'Desaparece de toda lista y del sitio público; se puede restaurar desde la papelera durante TRASH_RETENTION_DAYS días.',
        params: IdParams,
        response: { 204: Type.Null(), 404: Detail },
      },
    },
    async (request, reply) => {
      await removeBiography(await requestWriter(services, request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
