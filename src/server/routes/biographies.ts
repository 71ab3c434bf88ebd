import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { FieldErrors } from '@/domain/entities';
import { NEW_BIOGRAPHY_DEFAULT_ORDER } from '@/domain/limits';
import { messages } from '@/domain/messages';
import { hasErrors, validateBiography } from '@/domain/validation';
import { findBiography, insertBiography, listBiographies, updateBiography } from '../db/biographies-repository';
import { trashBiography } from '../db/trash-repository';
import { nowIso } from '../clock';
import { badRequest, notFound } from '../http/api-error';
import { readForm } from '../http/form';
import { readBoolean, readInteger, readText, readVersion } from '../http/form-fields';
import { readPageRequest, requestUrl, toPage } from '../http/pagination';
import { idParam } from '../http/params';
import { toBiography } from '../http/serializers';
import { Biography, BiographyBody, BiographyListQuery } from '@/domain/schemas/biographies';
import { BadRequest, Detail, EditConflictOf, IdParams, PageOf } from '@/domain/schemas/common';
import type { Services } from '../services';
import { checkEditable } from './edit-guard';
import { saveAttemptOf, writeSave } from './idempotency';
import { checkImageSize, storeImageField } from './image-field';
import { registerReorderRoute } from './reorder';
import { logActivity, requestActor } from '../content/activity-log';
import { recordSave } from './revisions';

const TEXT_FIELDS = ['name', 'position', 'biography', 'email', 'linkedin'] as const;

/** Reads and checks a biography form (multipart or JSON); the caller stores the photo once nothing else can refuse the request. */
async function readBiographyInput(request: Parameters<typeof readForm>[0], partial: boolean) {
  const form = await readForm(request, ['photo']);
  const typeErrors: FieldErrors = {};
  const text: Partial<Record<(typeof TEXT_FIELDS)[number], string>> = {};
  for (const field of TEXT_FIELDS) text[field] = readText(form.fields, field, typeErrors);
  const is_active = readBoolean(form.fields, 'is_active', typeErrors);
  const order = readInteger(form.fields, 'order', typeErrors);
  const version = readVersion(form.fields, typeErrors);
  const errors = { ...validateBiography({ ...text, order }, { partial }), ...typeErrors };
  checkImageSize(form, 'photo', errors);
  if (hasErrors(errors)) throw badRequest(errors);
  return { form, ...text, is_active, order, version };
}

/** Admin CRUD of biographies (multipart with an optional photo, requirements §7). */
export const biographyRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { db } = services;
  const biographyNotFound = () => notFound(messages.biographyNotFound);
  const editable = { kind: 'biography' as const, notFound: biographyNotFound, toJson: toBiography };
  const tags = ['Biografías'];
  const security = [{ bearer: [] }];
  // Multipart (requirements §7, with a `photo` file) goes through http/form.ts with the same names.
  const body = { content: { 'application/json': { schema: BiographyBody } } };

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

  registerReorderRoute(app, services, { path: '/biographies/', table: 'biographies', tag: 'Biografías' });

  app.get(
    '/biographies/:id/',
    { schema: { tags, security, summary: 'Una biografía', params: IdParams, response: { 200: Biography, 404: Detail } } },
    async (request) => {
      const biography = await findBiography(db, idParam(request.params, 'id', messages.biographyNotFound));
      if (!biography) throw biographyNotFound();
      return toBiography(biography);
    },
  );

  app.post(
    '/biographies/',
    {
      schema: {
        tags,
        security,
        summary: 'Crea una biografía (orden 2 por omisión)',
        description: 'multipart/form-data como envía el panel (photo como archivo) o JSON sin foto.',
        body,
        response: { 201: Biography, 400: BadRequest },
      },
    },
    async (request, reply) => {
      const actor = await requestActor(services, request);
      const attempt = await saveAttemptOf(services, request, actor);
      const input = await readBiographyInput(request, false);
      const photo = await storeImageField(services.media, input.form, 'photo');
      const now = nowIso();
      const biography = await writeSave(services, attempt, 201, async (trx) => {
        const created = await insertBiography(trx, {
          name: input.name as string,
          position: input.position as string,
          biography: input.biography as string,
          email: input.email ?? '',
          linkedin: input.linkedin ?? '',
          photo: photo ?? null,
          is_active: input.is_active === false ? 0 : 1,
          order: input.order ?? NEW_BIOGRAPHY_DEFAULT_ORDER,
          created_at: now,
          updated_at: now,
        });
        await recordSave(trx, { kind: 'biography', after: toBiography(created), actor });
        return toBiography(created);
      });
      return reply.code(201).send(biography);
    },
  );

  app.patch(
    '/biographies/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'Edita una biografía',
        description:
          'Con `version`, la edición se rechaza (409) si otra se guardó antes. `photo` vacío quita la foto; sin él, se conserva.',
        params: IdParams,
        body,
        response: { 200: Biography, 400: BadRequest, 404: Detail, 409: EditConflictOf(Biography) },
      },
    },
    async (request) => {
      const id = idParam(request.params, 'id', messages.biographyNotFound);
      const actor = await requestActor(services, request);
      const attempt = await saveAttemptOf(services, request, actor);
      await checkEditable(db, await findBiography(db, id), undefined, editable);
      const input = await readBiographyInput(request, true);
      // Asked before the upload is stored, so that a stale save leaves no file behind.
      await checkEditable(db, await findBiography(db, id), input.version, editable, actor);
      const photo = await storeImageField(services.media, input.form, 'photo');
      return writeSave(services, attempt, 200, async (trx) => {
        const before = await checkEditable(trx, await findBiography(trx, id), input.version, editable, actor);
        const updated = await updateBiography(trx, id, {
          ...Object.fromEntries(TEXT_FIELDS.filter((f) => input[f] !== undefined).map((f) => [f, input[f]])),
          ...(input.is_active !== undefined && { is_active: input.is_active ? 1 : 0 }),
          ...(input.order !== undefined && { order: input.order }),
          // Without a new file the stored photo stays (requirements §7 sends the file only when it changes);
          // `photo` sent as an empty field removes it (requirements §10.6).
          ...(photo !== undefined ? { photo } : input.form.cleared.has('photo') && { photo: null }),
          updated_at: nowIso(),
        });
        if (!updated) throw biographyNotFound();
        await recordSave(trx, { kind: 'biography', before: toBiography(before), after: toBiography(updated), actor });
        return toBiography(updated);
      });
    },
  );

  app.delete(
    '/biographies/:id/',
    {
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
      const id = idParam(request.params, 'id', messages.biographyNotFound);
      const actor = await requestActor(services, request);
      const deleted = await services.writeContent(async (trx) => {
        const row = await findBiography(trx, id);
        if (!row || !(await trashBiography(trx, id, actor, nowIso()))) return false;
        await logActivity(trx, actor, 'delete', { kind: 'biography', id, label: row.name });
        return true;
      });
      if (!deleted) throw biographyNotFound();
      return reply.code(204).send(null);
    },
  );
};
