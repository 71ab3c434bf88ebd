import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { FieldErrors } from '@/domain/entities';
import { messages } from '@/domain/messages';
import { hasErrors } from '@/domain/validation';
import { checkUnlessAnswered } from '../content/kept-answers';
import { reorder } from '../content/reorder';
import { createSection, editSection, removeSection, sectionKind } from '../content/sections';
import { findSection, listSections } from '../db/sections-repository';
import { badRequest, notFound } from '../http/api-error';
import { formBody, refuseBody, refusePath } from '../http/form';
import { readInteger } from '../http/form-fields';
import { readPageRequest, requestUrl, toPage } from '../http/pagination';
import { notFoundAs } from '../http/params';
import { reorderRoute } from '../http/reorder';
import { toSection } from '../records';
import { requestActorWriter, requestWriter } from '../http/writer';
import { Detail, EditConflictOf, BadRequest, IdParams, PageOf, PageQuery } from '@/domain/schemas/common';
import { Section, SectionBody, SectionCreateBody, SectionInUse } from '@/domain/schemas/sections';
import { SectionDeleteQuery } from '@/domain/schemas/trash';
import type { Services } from '../services';

/** Admin CRUD of sections (JSON bodies, requirements §7; multipart works too, as in DRF). The slug is made once, on creation. */
export const sectionRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { db } = services;
  const tags = ['Secciones'];
  const security = [{ bearer: [] }];
  const config = notFoundAs(messages.sectionNotFoundDetail);

  app.get(
    '/sections/',
    { schema: { tags, security, summary: 'Lista de secciones', querystring: PageQuery, response: { 200: PageOf(Section) } } },
    async (request) => {
      const page = readPageRequest(request.query);
      const { rows, count } = await listSections(db, page.window);
      return toPage(page, count, rows.map(toSection), requestUrl(request));
    },
  );

  app.patch('/sections/reorder/', reorderRoute('Secciones'), async (request) =>
    reorder(await requestActorWriter(services, request), 'section', request.body),
  );

  app.get(
    '/sections/:id/',
    { config, schema: { tags, security, summary: 'Una sección', params: IdParams, response: { 200: Section, 404: Detail } } },
    async (request) => {
      const section = await findSection(db, request.params.id);
      if (!section) throw notFound(sectionKind.missing);
      return toSection(section);
    },
  );

  app.post(
    '/sections/',
    {
      preValidation: formBody(SectionCreateBody),
      schema: {
        tags,
        security,
        summary: 'Crea una sección (al final de la lista)',
        body: SectionCreateBody,
        response: { 201: Section, 400: BadRequest },
      },
    },
    async (request, reply) => {
      const section = await createSection(await requestWriter(services, request), request.body);
      return reply.code(201).send(section);
    },
  );

  app.patch(
    '/sections/:id/',
    {
      config,
      preValidation: formBody(SectionBody),
      attachValidation: true,
      schema: {
        tags,
        security,
        summary: 'Edita una sección',
        description: 'Con `version`, la edición se rechaza (409) si otra se guardó antes.',
        params: IdParams,
        body: SectionBody,
        response: { 200: Section, 400: BadRequest, 404: Detail, 409: EditConflictOf(Section) },
      },
    },
    async (request) => {
      refusePath(request);
      if (!(await findSection(db, request.params.id))) throw notFound(sectionKind.missing);
      refuseBody(request);
      return editSection(await requestWriter(services, request), request.params.id, request.body);
    },
  );

  app.delete(
    '/sections/:id/',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Elimina una sección (a la papelera)',
        description:
          'Una sección con publicaciones no se elimina: 409 con el número de publicaciones. Con `with_publications` igual a ese número, la sección y sus publicaciones pasan juntas a la papelera.',
        params: IdParams,
        querystring: SectionDeleteQuery,
        response: { 204: Type.Null(), 400: BadRequest, 404: Detail, 409: SectionInUse },
      },
    },
    async (request, reply) => {
      const id = request.params.id;
      // First: a repeat of a delete that succeeded is answered before the section is looked for,
      // and again if it is gone because that delete committed meanwhile.
      const writer = await requestWriter(services, request);
      await checkUnlessAnswered(db, writer.attempt, async () => {
        if (!(await findSection(db, id))) throw notFound(sectionKind.missing);
      });
      const errors: FieldErrors = {};
      const confirmed = readInteger(request.query, 'with_publications', errors);
      if (hasErrors(errors)) throw badRequest(errors);
      await removeSection(writer, id, confirmed);
      return reply.code(204).send(null);
    },
  );
};
