import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { FieldErrors } from '@/domain/entities';
import { messages } from '@/domain/messages';
import { hasErrors, isId, parseBoolean } from '@/domain/validation';
import { bringsImage, imageInputOf } from '../content/images';
import { createPublication, editPublication, publicationKind, removePublication, type PublicationInput } from '../content/publications';
import { reorder } from '../content/reorder';
import { findPublication, listPublications } from '../db/publications-repository';
import { badRequest, notFound } from '../http/api-error';
import { FORM_CONTENT_TYPES, formBody, formFiles, refuseBody, refusePath } from '../http/form';
import { readInteger } from '../http/form-fields';
import { readPageRequest, requestUrl, toPage } from '../http/pagination';
import { notFoundAs } from '../http/params';
import { toPublication, toPublicationSummary } from '../records';
import { reorderRoute } from '../http/reorder';
import { requestActorWriter, requestWriter } from '../http/writer';
import { BadRequest, Detail, EditConflictOf, IdParams, PageOf } from '@/domain/schemas/common';
import {
  Publication,
  PublicationBody,
  PublicationCreateBody,
  PublicationListItem,
  PublicationListQuery,
} from '@/domain/schemas/publications';
import type { Services } from '../services';
import { todayIso } from '../clock';
import { readStatusFilter } from '../http/shown-status';
import { readOrdering } from '../http/list-ordering';
import type { FastifyRequest } from 'fastify';

/** The service's input from a publication form: its fields, and the featured image as a file (multipart), an address (JSON) or a library image's id. */
function publicationInput(
  request: FastifyRequest,
  { featured_image_id, ...body }: Omit<PublicationInput, 'featured_image'> & { featured_image?: string | null; featured_image_id?: number },
): PublicationInput {
  return { ...body, featured_image: imageInputOf(formFiles(request), 'featured_image', body.featured_image, featured_image_id) };
}

/** Admin CRUD of publications; answers carry section {id, title, slug} and section_id. */
export const publicationRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { db } = services;
  const tags = ['Publicaciones'];
  const security = [{ bearer: [] }];
  const config = notFoundAs(messages.publicationNotFound);
  // JSON or multipart (requirements §7: featured_image as a file, layout as JSON text), one schema for both.
  const consumes = FORM_CONTENT_TYPES;

  /**
   * requirements §7's list (`section` filters), paged by the server for the admin
   * (requirements §10.6): `search` finds a part of the title in any
   * case, `ordering` sorts by a column instead of the manual order
   * (docs/decisions/200), and `omit=layout` leaves the layouts out of the answer.
   */
  app.get(
    '/publications/',
    {
      schema: {
        tags,
        security,
        summary: 'Lista de publicaciones, paginada y filtrable',
        querystring: PublicationListQuery,
        response: { 200: PageOf(PublicationListItem), 400: BadRequest },
      },
    },
    async (request) => {
      const { query } = request;
      const page = readPageRequest(query);
      const errors: FieldErrors = {};
      const sectionId = query.section === undefined || query.section === '' ? undefined : readInteger(query, 'section', errors);
      if (sectionId !== undefined && !isId(sectionId)) errors.section = [messages.invalidInteger];
      const search = typeof query.search === 'string' ? query.search.trim() : undefined;
      const omitLayout = query.omit === 'layout';
      if (query.omit !== undefined && query.omit !== '' && !omitLayout) errors.omit = [messages.invalidOmit];
      const status = readStatusFilter(query, errors);
      const ordering = readOrdering(query, errors);
      const withEvent = query.with_event === undefined || query.with_event === '' ? undefined : parseBoolean(query.with_event);
      if (withEvent === undefined && query.with_event) errors.with_event = [messages.invalidBoolean];
      if (hasErrors(errors)) throw badRequest(errors);
      const today = todayIso();
      const { rows, count } = await listPublications(db, {
        sectionId,
        search: search || undefined,
        status: status && { value: status, today },
        withEvent: withEvent === true,
        ordering: ordering && { value: ordering, today },
        window: page.window,
      });
      return toPage(page, count, rows.map(omitLayout ? toPublicationSummary : toPublication), requestUrl(request));
    },
  );

  app.patch('/publications/reorder/', reorderRoute('Publicaciones'), async (request) =>
    reorder(await requestActorWriter(services, request), 'publication', request.body),
  );

  app.get(
    '/publications/:id/',
    { config, schema: { tags, security, summary: 'Una publicación', params: IdParams, response: { 200: Publication, 404: Detail } } },
    async (request) => {
      const row = await findPublication(db, request.params.id);
      if (!row) throw notFound(publicationKind.missing);
      return toPublication(row);
    },
  );

  app.post(
    '/publications/',
    {
      preValidation: formBody(PublicationCreateBody, ['featured_image']),
      attachValidation: true,
      schema: {
        tags,
        security,
        summary: 'Crea una publicación (al principio de la lista)',
        description:
          'multipart/form-data como envía el panel (featured_image como archivo, layout como texto JSON) o JSON con featured_image igual a la dirección que devolvió POST /api/upload-image/.',
        body: PublicationCreateBody,
        consumes,
        response: { 201: Publication, 400: BadRequest },
      },
    },
    async (request, reply) => {
      const input = publicationInput(request, request.body);
      // The image comes beside the fields in multipart, so the schema cannot ask for it: its error joins the schema's.
      refuseBody(request, bringsImage(input.featured_image) ? {} : { featured_image: [messages.featuredImageRequired] });
      const publication = await createPublication(await requestWriter(services, request), input);
      return reply.code(201).send(publication);
    },
  );

  app.patch(
    '/publications/:id/',
    {
      config,
      preValidation: formBody(PublicationBody, ['featured_image']),
      attachValidation: true,
      schema: {
        tags,
        security,
        summary: 'Edita una publicación',
        description: 'Con `version`, la edición se rechaza (409) si otra se guardó antes. Sin imagen nueva, la imagen se conserva.',
        params: IdParams,
        body: PublicationBody,
        consumes,
        response: { 200: Publication, 400: BadRequest, 404: Detail, 409: EditConflictOf(Publication) },
      },
    },
    async (request) => {
      refusePath(request);
      if (!(await findPublication(db, request.params.id))) throw notFound(publicationKind.missing);
      refuseBody(request);
      return editPublication(await requestWriter(services, request), request.params.id, publicationInput(request, request.body));
    },
  );

  app.delete(
    '/publications/:id/',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Elimina una publicación (a la papelera)',
        description:
          'Desaparece de toda lista y del sitio público; se puede restaurar desde la papelera durante TRASH_RETENTION_DAYS días.',
        params: IdParams,
        response: { 204: Type.Null(), 404: Detail },
      },
    },
    async (request, reply) => {
      await removePublication(await requestWriter(services, request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
