import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { FieldErrors, PublicationStatus } from '@/domain/entities';
import { messages } from '@/domain/messages';
import { hasErrors, validatePublication } from '@/domain/validation';
import { readLayout } from '../content/layout-input';
import { nextOrder } from '../db/ordering';
import { nowIso } from '../db/paging';
import {
  deletePublication,
  findPublication,
  insertPublication,
  listPublications,
  updatePublication,
} from '../db/publications-repository';
import { findSection } from '../db/sections-repository';
import { badRequest, notFound } from '../http/api-error';
import { readForm } from '../http/form';
import { readBoolean, readInteger, readText } from '../http/form-fields';
import { readPageRequest, requestUrl, toPage } from '../http/pagination';
import { idParam } from '../http/params';
import { toPublication } from '../http/serializers';
import type { Services } from '../services';
import { checkImageSize, storeImageField } from './image-field';
import { registerReorderRoute } from './reorder';

/**
 * Reads and checks a publication form: multipart with `layout` as a JSON
 * string and booleans as 'true'/'false' (SPEC §7), or JSON. `editing` is
 * PATCH: absent fields stay as they are and the featured image is optional.
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
  const layout = form.fields.layout === undefined ? undefined : readLayout(form.fields.layout, typeErrors);

  const errors: FieldErrors = {
    ...validatePublication(
      {
        title,
        section_id: sectionText,
        status,
        publish_date: publishDate,
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

  const featuredImage = await storeImageField(services.media, form, 'featured_image');
  return {
    title,
    sectionId,
    status: status as PublicationStatus | undefined,
    publishDate,
    isFeatured,
    order,
    layout: layout === undefined ? undefined : JSON.stringify(layout),
    featuredImage,
  };
}

/** Admin CRUD of publications; answers carry section {id, title, slug} and section_id. */
export const publicationRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const { db } = services;
  const publicationNotFound = () => notFound(messages.publicationNotFound);

  async function answer(id: number) {
    const row = await findPublication(db, id);
    if (!row) throw publicationNotFound();
    return toPublication(row);
  }

  app.get('/publications/', async (request) => {
    const query = request.query as Record<string, unknown>;
    const page = readPageRequest(query);
    const errors: FieldErrors = {};
    const sectionId = query.section === undefined || query.section === '' ? undefined : readInteger(query, 'section', errors);
    if (hasErrors(errors)) throw badRequest(errors);
    const { rows, count } = await listPublications(db, { sectionId, window: page.window });
    return toPage(page, count, rows.map(toPublication), requestUrl(request));
  });

  registerReorderRoute(app, services, {
    path: '/publications/',
    table: 'publications',
    listAll: async () => (await listPublications(db, {})).rows.map(toPublication),
  });

  app.get('/publications/:id/', async (request) => answer(idParam(request.params, 'id', messages.publicationNotFound)));

  app.post('/publications/', async (request, reply) => {
    const input = await readPublicationInput(services, request, false);
    const now = nowIso();
    const id = await services.writeContent(async (trx) =>
      insertPublication(trx, {
        title: input.title as string,
        section_id: input.sectionId as number,
        status: input.status ?? 'draft',
        featured_image: input.featuredImage ?? null,
        is_featured: input.isFeatured ? 1 : 0,
        publish_date: input.publishDate ?? null,
        layout: input.layout ?? '[]',
        order: input.order ?? (await nextOrder(trx, 'publications')),
        created_at: now,
        updated_at: now,
      }),
    );
    return reply.code(201).send(await answer(id));
  });

  app.patch('/publications/:id/', async (request) => {
    const id = idParam(request.params, 'id', messages.publicationNotFound);
    if (!(await findPublication(db, id))) throw publicationNotFound();
    const input = await readPublicationInput(services, request, true);
    await services.writeContent((trx) =>
      updatePublication(trx, id, {
        ...(input.title !== undefined && { title: input.title }),
        ...(input.sectionId !== undefined && { section_id: input.sectionId }),
        ...(input.status !== undefined && { status: input.status }),
        ...(input.publishDate !== undefined && { publish_date: input.publishDate }),
        ...(input.isFeatured !== undefined && { is_featured: input.isFeatured ? 1 : 0 }),
        ...(input.order !== undefined && { order: input.order }),
        ...(input.layout !== undefined && { layout: input.layout }),
        // Without a new file the stored image stays.
        ...(input.featuredImage !== undefined && { featured_image: input.featuredImage }),
        updated_at: nowIso(),
      }),
    );
    return answer(id);
  });

  app.delete('/publications/:id/', async (request, reply) => {
    const id = idParam(request.params, 'id', messages.publicationNotFound);
    if (!(await services.writeContent((trx) => deletePublication(trx, id)))) throw publicationNotFound();
    return reply.code(204).send();
  });
};
