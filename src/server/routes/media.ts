import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { accountMessages } from '@/domain/accounts';
import { DOCUMENT_MAX_BYTES } from '@/domain/limits';
import { isMediaFileKind, MEDIA_PAGE_SIZE } from '@/domain/media';
import { messages } from '@/domain/messages';
import { BadRequest, Detail, EditConflictOf, IdParams, PageOf } from '@/domain/schemas/common';
import { MediaBody, MediaDeleteQuery, MediaDetail, MediaItem, MediaListQuery, MediaUse } from '@/domain/schemas/media';
import { editMedia, mediaKind, mediaUsage, removeMedia, replaceMediaFile, toMediaItem, uploadMedia } from '../content/media';
import { findMedia, listMedia } from '../db/media-repository';
import { ApiError, notFound } from '../http/api-error';
import { readMultipart } from '../http/form';
import { readPageRequest, requestUrl, toPage } from '../http/pagination';
import { notFoundAs } from '../http/params';
import { requestWriter } from '../http/writer';
import { staffRole } from '../plugins/auth';
import type { Services } from '../services';

/**
 * The media library ('Medios', docs/decisions/192-the-media-library.md): list
 * and search, upload one file per request, an item with where it is used, its
 * description and focal point, and its delete. Its Historial and presence come
 * with every kind of content (routes/revisions.ts, routes/presence.ts).
 */
export const mediaRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { db } = services;
  const tags = ['Archivos'];
  const security = [{ bearer: [] }];
  const config = notFoundAs(messages.mediaNotFound);

  app.get(
    '/media/',
    {
      schema: {
        tags,
        security,
        summary: 'La biblioteca de medios, lo más reciente primero',
        description: `${MEDIA_PAGE_SIZE} por página en el panel; \`search\` busca en el título y el nombre del archivo; \`kind\` filtra imágenes o documentos.`,
        querystring: MediaListQuery,
        response: { 200: PageOf(MediaItem), 400: BadRequest },
      },
    },
    async (request) => {
      const page = readPageRequest(request.query);
      const kind = request.query.kind?.trim() || undefined;
      if (kind !== undefined && !isMediaFileKind(kind)) throw new ApiError(400, { kind: [messages.invalidChoice] });
      const search = request.query.search?.trim() || undefined;
      const { rows, count } = await listMedia(db, { kind, search, window: page.window });
      return toPage(page, count, rows.map(toMediaItem), requestUrl(request));
    },
  );

  app.post(
    '/media/',
    {
      schema: {
        tags,
        security,
        summary: 'Sube un archivo a la biblioteca',
        description:
          'multipart/form-data con el campo `file`, un archivo por petición, comprobado por su contenido: una imagen (JPG, PNG, GIF o WEBP, hasta 5 MB) o un documento (PDF, Word, Excel, PowerPoint u OpenDocument, hasta 20 MB); y, si se quiere, `title` y `alt`. Sin título, toma el nombre del archivo sin su extensión.',
        response: { 201: MediaItem, 400: BadRequest },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new ApiError(400, { file: [messages.required] });
      const form = await readMultipart(request, ['file'], [], DOCUMENT_MAX_BYTES);
      const writer = await requestWriter(services, request);
      const item = await uploadMedia(writer, {
        file: form.files.file,
        oversized: form.oversized.has('file'),
        fileName: form.fileNames.file ?? '',
        title: form.fields.title,
        alt: form.fields.alt,
      });
      reply.code(201);
      return item;
    },
  );

  app.get(
    '/media/:id/',
    {
      config,
      schema: { tags, security, summary: 'Un archivo, con dónde se usa', params: IdParams, response: { 200: MediaDetail, 404: Detail } },
    },
    async (request) => {
      const row = await findMedia(db, request.params.id);
      if (!row) throw notFound(mediaKind.missing);
      const usage = await mediaUsage(db, row.url);
      return { ...toMediaItem(row), usage, usage_count: usage.length };
    },
  );

  app.post(
    '/media/:id/replace/',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Reemplaza el archivo: el mismo elemento, un archivo nuevo del mismo tipo',
        description:
          'multipart/form-data con el campo `file` (y, si se quiere, `version` para el 409). El archivo nuevo recibe otra dirección y todos los usos vigentes (imágenes destacadas, fotos, celdas, texto) pasan a ella sin cambiar su versión; el anterior se conserva mientras lo nombre una revisión o la papelera.',
        params: IdParams,
        response: { 200: MediaItem, 400: BadRequest, 404: Detail, 409: EditConflictOf(MediaItem) },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new ApiError(400, { file: [messages.required] });
      const form = await readMultipart(request, ['file'], [], DOCUMENT_MAX_BYTES);
      return replaceMediaFile(await requestWriter(services, request), request.params.id, {
        file: form.files.file,
        oversized: form.oversized.has('file'),
        fileName: form.fileNames.file ?? '',
        // A version that is no whole number is refused as the other saves refuse it.
        version: form.fields.version === undefined ? undefined : Number(form.fields.version),
      });
    },
  );

  app.patch(
    '/media/:id/',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Cambia el título, el texto alternativo o el punto focal',
        description: 'Con `version`, la edición se rechaza (409) si otra se guardó antes.',
        params: IdParams,
        body: MediaBody,
        response: { 200: MediaItem, 400: BadRequest, 404: Detail, 409: EditConflictOf(MediaItem) },
      },
    },
    async (request) => editMedia(await requestWriter(services, request), request.params.id, request.body),
  );

  app.delete(
    '/media/:id/',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Envía un archivo a la papelera',
        description:
          'Si se usa en algún sitio, 409 con la lista de usos; con `force=true` (solo administradores) se elimina igualmente y sus usos quedan sin imagen.',
        params: IdParams,
        querystring: MediaDeleteQuery,
        response: {
          204: Type.Null(),
          403: Detail,
          404: Detail,
          409: Type.Object({ detail: Type.String(), usage: Type.Array(MediaUse) }, { title: 'MediaInUse' }),
        },
      },
    },
    async (request, reply) => {
      const force = request.query.force === 'true';
      if (force && staffRole(request) !== 'admin') throw new ApiError(403, { detail: accountMessages.forbidden });
      await removeMedia(await requestWriter(services, request), request.params.id, force);
      return reply.code(204).send(null);
    },
  );
};
