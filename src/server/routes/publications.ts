import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { FieldErrors, PublicationStatus } from '@/domain/entities';
import { messages } from '@/domain/messages';
import { hasErrors, isId, validatePublication } from '@/domain/validation';
import { nowIso } from '../clock';
import { readLayout } from '../content/layout-input';
import { firstOrder } from '../db/ordering';
import { findPublication, findPublicationRow, insertPublication, listPublications, updatePublication } from '../db/publications-repository';
import { findSection } from '../db/sections-repository';
import { trashPublication } from '../db/trash-repository';
import { badRequest, notFound } from '../http/api-error';
import { readForm } from '../http/form';
import { readBoolean, readInteger, readText, readVersion } from '../http/form-fields';
import { readPageRequest, requestUrl, toPage } from '../http/pagination';
import { idParam } from '../http/params';
import { toPublication, toPublicationSummary } from '../http/serializers';
import { BadRequest, Detail, EditConflictOf, IdParams, PageOf } from '@/domain/schemas/common';
import { Publication, PublicationBody, PublicationListItem, PublicationListQuery } from '@/domain/schemas/publications';
import type { Services } from '../services';
import { todayIso } from '../clock';
import { readStatusFilter, withPublicState } from '../http/shown-status';
import { checkEditable } from './edit-guard';
import { saveAttemptOf, writeSave } from './idempotency';
import { checkImageSize, storeImageField } from './image-field';
import { registerReorderRoute } from './reorder';
import { logActivity, requestActor } from '../content/activity-log';
import { recordSave } from './revisions';

/**
 * Reads and checks a publication form: multipart with `layout` as a JSON
 * string and booleans as 'true'/'false' (requirements §7), or JSON. `editing` is
 * PATCH: absent fields stay as they are and the featured image is optional.
 * The featured image is checked for size here and stored by the caller, once
 * nothing else can refuse the request.
 */
async function readPublicationInput(services: Services, request: FastifyRequest, editing: boolean) {
  const form = await readForm(request, ['featured_image']);
  const typeErrors: FieldErrors = {};
  const title = readText(form.fields, 'title', typeErrors);
  const sectionText = readText(form.fields, 'section_id', typeErrors);
  const status = readText(form.fields, 'status', typeErrors);
  const publishDate = readText(form.fields, 'publish_date', typeErrors);
  const isFeatured = readBoolean(form.fields, 'is_featured', typeErrors);
  const order = readInteger(form.fields, 'order', typeErrors);
  const version = readVersion(form.fields, typeErrors);
  const layout = form.fields.layout === undefined ? undefined : readLayout(form.fields.layout, typeErrors);

  const errors: FieldErrors = {
    ...validatePublication(
      {
        title,
        section_id: sectionText,
        status,
        publish_date: publishDate,
        order,
        hasFeaturedImage: form.files.featured_image !== undefined || form.oversized.has('featured_image'),
      },
      { editing },
    ),
    ...typeErrors,
  };
  checkImageSize(form, 'featured_image', errors);

  let sectionId: number | undefined;
  if (sectionText && !errors.section_id) {
    sectionId = /^\d{1,9}$/.test(sectionText) ? Number(sectionText) : undefined;
    if (sectionId === undefined || !(await findSection(services.db, sectionId))) errors.section_id = [messages.sectionNotFound];
  }
  if (hasErrors(errors)) throw badRequest(errors);

  return {
    form,
    title,
    sectionId,
    status: status as PublicationStatus | undefined,
    publishDate,
    isFeatured,
    order,
    version,
    layout: layout === undefined ? undefined : JSON.stringify(layout),
  };
}

/** Admin CRUD of publications; answers carry section {id, title, slug} and section_id. */
export const publicationRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { db } = services;
  const publicationNotFound = () => notFound(messages.publicationNotFound);
  const editable = { kind: 'publication' as const, notFound: publicationNotFound, toJson: toPublication };
  const tags = ['Publicaciones'];
  const security = [{ bearer: [] }];
  // Multipart (requirements §7: featured_image as a file, layout as JSON text) goes through http/form.ts with the same names.
  const body = { content: { 'application/json': { schema: PublicationBody } } };

  /**
   * requirements §7's list (`section` filters), paged by the server for the admin
   * (requirements §10.6): `search` finds a part of the title in any
   * case, and `omit=layout` leaves the layouts out of the answer.
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
      if (hasErrors(errors)) throw badRequest(errors);
      const today = todayIso();
      const { rows, count } = await listPublications(db, {
        sectionId,
        search: search || undefined,
        status: status && { value: status, today },
        window: page.window,
      });
      const toJson = omitLayout ? toPublicationSummary : toPublication;
      return toPage(page, count, rows.map((row) => withPublicState(toJson(row), row, today)), requestUrl(request));
    },
  );

  registerReorderRoute(app, services, { path: '/publications/', table: 'publications', tag: 'Publicaciones' });

  app.get(
    '/publications/:id/',
    { schema: { tags, security, summary: 'Una publicación', params: IdParams, response: { 200: Publication, 404: Detail } } },
    async (request) => {
      const row = await findPublication(db, idParam(request.params, 'id', messages.publicationNotFound));
      if (!row) throw publicationNotFound();
      return withPublicState(toPublication(row), row, todayIso());
    },
  );

  app.post(
    '/publications/',
    {
      schema: {
        tags,
        security,
        summary: 'Crea una publicación (al principio de la lista)',
        description: 'multipart/form-data como envía el panel (featured_image, layout como texto JSON) o JSON sin imagen.',
        body,
        response: { 201: Publication, 400: BadRequest },
      },
    },
    async (request, reply) => {
      const actor = await requestActor(services, request);
      const attempt = await saveAttemptOf(services, request, actor);
      const input = await readPublicationInput(services, request, false);
      const featuredImage = await storeImageField(services.media, input.form, 'featured_image');
      const now = nowIso();
      const publication = await writeSave(services, attempt, 201, async (trx) => {
        const created = await insertPublication(trx, {
          title: input.title as string,
          section_id: input.sectionId as number,
          status: input.status ?? 'draft',
          featured_image: featuredImage ?? null,
          is_featured: input.isFeatured ? 1 : 0,
          publish_date: input.publishDate ?? null,
          layout: input.layout ?? '[]',
          // New publications lead their section and the latest news (requirements §10.5).
          order: input.order ?? (await firstOrder(trx, 'publications')),
          created_at: now,
          updated_at: now,
        });
        // Its first revision and its entry in the log, in the same transaction.
        await recordSave(trx, { kind: 'publication', after: toPublication(created), actor });
        return toPublication(created);
      });
      return reply.code(201).send(publication);
    },
  );

  app.patch(
    '/publications/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'Edita una publicación',
        description: 'Con `version`, la edición se rechaza (409) si otra se guardó antes. Sin archivo nuevo, la imagen se conserva.',
        params: IdParams,
        body,
        response: { 200: Publication, 400: BadRequest, 404: Detail, 409: EditConflictOf(Publication) },
      },
    },
    async (request) => {
      const id = idParam(request.params, 'id', messages.publicationNotFound);
      const actor = await requestActor(services, request);
      const attempt = await saveAttemptOf(services, request, actor);
      await checkEditable(db, await findPublication(db, id), undefined, editable);
      const input = await readPublicationInput(services, request, true);
      // Asked before the upload is stored, so that a stale save leaves no file behind.
      await checkEditable(db, await findPublication(db, id), input.version, editable, actor);
      const featuredImage = await storeImageField(services.media, input.form, 'featured_image');
      return writeSave(services, attempt, 200, async (trx) => {
        const before = await checkEditable(trx, await findPublication(trx, id), input.version, editable, actor);
        const updated = await updatePublication(trx, id, {
          ...(input.title !== undefined && { title: input.title }),
          ...(input.sectionId !== undefined && { section_id: input.sectionId }),
          ...(input.status !== undefined && { status: input.status }),
          ...(input.publishDate !== undefined && { publish_date: input.publishDate }),
          ...(input.isFeatured !== undefined && { is_featured: input.isFeatured ? 1 : 0 }),
          ...(input.order !== undefined && { order: input.order }),
          ...(input.layout !== undefined && { layout: input.layout }),
          // Without a new file the stored image stays.
          ...(featuredImage !== undefined && { featured_image: featuredImage }),
          updated_at: nowIso(),
        });
        if (!updated) throw publicationNotFound();
        await recordSave(trx, { kind: 'publication', before: toPublication(before), after: toPublication(updated), actor });
        return toPublication(updated);
      });
    },
  );

  app.delete(
    '/publications/:id/',
    {
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
      const id = idParam(request.params, 'id', messages.publicationNotFound);
      const actor = await requestActor(services, request);
      const deleted = await services.writeContent(async (trx) => {
        const row = await findPublicationRow(trx, id);
        if (!row || !(await trashPublication(trx, id, actor, nowIso()))) return false;
        await logActivity(trx, actor, 'delete', { kind: 'publication', id, label: row.title });
        return true;
      });
      if (!deleted) throw publicationNotFound();
      return reply.code(204).send(null);
    },
  );
};
