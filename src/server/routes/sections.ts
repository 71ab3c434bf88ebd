import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { FieldErrors } from '@/domain/entities';
import { messages } from '@/domain/messages';
import { slugify, uniqueSlug } from '@/domain/slug';
import { hasErrors, validateSection } from '@/domain/validation';
import { nowIso } from '../clock';
import { nextOrder } from '../db/ordering';
import { countPublicationsInSection } from '../db/publications-repository';
import { findSection, insertSection, listSections, slugsLike, updateSection } from '../db/sections-repository';
import { trashSection } from '../db/trash-repository';
import { ApiError, badRequest, notFound } from '../http/api-error';
import { readForm } from '../http/form';
import { readBoolean, readInteger, readText, readVersion } from '../http/form-fields';
import { readPageRequest, requestUrl, toPage } from '../http/pagination';
import { idParam } from '../http/params';
import { toSection } from '../http/serializers';
import { Detail, EditConflictOf, BadRequest, IdParams, PageOf, PageQuery } from '@/domain/schemas/common';
import { Section, SectionBody, SectionInUse } from '@/domain/schemas/sections';
import { SectionDeleteQuery } from '@/domain/schemas/trash';
import type { Services } from '../services';
import { checkEditable } from './edit-guard';
import { saveAttemptOf, writeSave } from './idempotency';
import { registerReorderRoute } from './reorder';
import { logActivity, requestActor } from '../content/activity-log';
import { recordSave } from './revisions';

/** JSON as requirements §7 sends it; multipart or urlencoded-like forms work too, as in DRF. */
async function readSectionInput(request: FastifyRequest, partial: boolean) {
  const { fields } = await readForm(request, []);
  const typeErrors: FieldErrors = {};
  const input = {
    title: readText(fields, 'title', typeErrors),
    is_active: readBoolean(fields, 'is_active', typeErrors),
    order: readInteger(fields, 'order', typeErrors),
    version: readVersion(fields, typeErrors),
  };
  const errors = { ...validateSection(input, { partial }), ...typeErrors };
  if (hasErrors(errors)) throw badRequest(errors);
  return input;
}

/** Admin CRUD of sections (JSON bodies, requirements §7). The slug is made once, on creation. */
export const sectionRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { db } = services;
  const sectionNotFound = () => notFound(messages.sectionNotFoundDetail);
  const editable = { kind: 'section' as const, notFound: sectionNotFound, toJson: toSection };

  const tags = ['Secciones'];
  const security = [{ bearer: [] }];
  const body = { content: { 'application/json': { schema: SectionBody } } };

  app.get(
    '/sections/',
    { schema: { tags, security, summary: 'Lista de secciones', querystring: PageQuery, response: { 200: PageOf(Section) } } },
    async (request) => {
      const page = readPageRequest(request.query);
      const { rows, count } = await listSections(db, page.window);
      return toPage(page, count, rows.map(toSection), requestUrl(request));
    },
  );

  registerReorderRoute(app, services, { path: '/sections/', table: 'sections', tag: 'Secciones' });

  app.get(
    '/sections/:id/',
    { schema: { tags, security, summary: 'Una sección', params: IdParams, response: { 200: Section, 404: Detail } } },
    async (request) => {
      const section = await findSection(db, idParam(request.params, 'id', messages.sectionNotFoundDetail));
      if (!section) throw sectionNotFound();
      return toSection(section);
    },
  );

  app.post(
    '/sections/',
    { schema: { tags, security, summary: 'Crea una sección (al final de la lista)', body, response: { 201: Section, 400: BadRequest } } },
    async (request, reply) => {
      const actor = await requestActor(services, request);
      const attempt = await saveAttemptOf(services, request, actor);
      const input = await readSectionInput(request, false);
      const title = input.title as string;
      const section = await writeSave(services, attempt, 201, async (trx) => {
        const base = slugify(title);
        const now = nowIso();
        const created = await insertSection(trx, {
          title,
          slug: uniqueSlug(base, await slugsLike(trx, base)),
          is_active: input.is_active === false ? 0 : 1,
          order: input.order ?? (await nextOrder(trx, 'sections')),
          created_at: now,
          updated_at: now,
        });
        await recordSave(trx, { kind: 'section', after: toSection(created), actor });
        return toSection(created);
      });
      return reply.code(201).send(section);
    },
  );

  app.patch(
    '/sections/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'Edita una sección',
        description: 'Con `version`, la edición se rechaza (409) si otra se guardó antes.',
        params: IdParams,
        body,
        response: { 200: Section, 400: BadRequest, 404: Detail, 409: EditConflictOf(Section) },
      },
    },
    async (request) => {
      const id = idParam(request.params, 'id', messages.sectionNotFoundDetail);
      const actor = await requestActor(services, request);
      const attempt = await saveAttemptOf(services, request, actor);
      await checkEditable(db, await findSection(db, id), undefined, editable);
      const input = await readSectionInput(request, true);
      return writeSave(services, attempt, 200, async (trx) => {
        const before = await checkEditable(trx, await findSection(trx, id), input.version, editable, actor);
        const updated = await updateSection(trx, id, {
          ...(input.title !== undefined && { title: input.title }),
          ...(input.is_active !== undefined && { is_active: input.is_active ? 1 : 0 }),
          ...(input.order !== undefined && { order: input.order }),
          updated_at: nowIso(),
        });
        if (!updated) throw sectionNotFound();
        await recordSave(trx, { kind: 'section', before: toSection(before), after: toSection(updated), actor });
        return toSection(updated);
      });
    },
  );

  app.delete(
    '/sections/:id/',
    {
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
      const id = idParam(request.params, 'id', messages.sectionNotFoundDetail);
      await checkEditable(db, await findSection(db, id), undefined, editable);
      const errors: FieldErrors = {};
      const confirmed = readInteger(request.query, 'with_publications', errors);
      if (hasErrors(errors)) throw badRequest(errors);
      const actor = await requestActor(services, request);
      await services.writeContent(async (trx) => {
        const section = await checkEditable(trx, await findSection(trx, id), undefined, editable);
        // Publications go only with a confirmation of exactly how many there are now,
        // counted under the write lock: a confirmation given for 3 never deletes 4.
        const count = await countPublicationsInSection(trx, id);
        if (count > 0 && confirmed !== count) {
          throw new ApiError(409, { detail: messages.sectionHasPublications(count), publication_count: count });
        }
        await trashSection(trx, section, actor, nowIso());
        await logActivity(trx, actor, 'delete', { kind: 'section', id, label: section.title });
      });
      return reply.code(204).send(null);
    },
  );
};
