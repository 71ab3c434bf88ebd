import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FieldErrors, UploadResponse } from '@/domain/entities';
import { messages } from '@/domain/messages';
import { hasErrors } from '@/domain/validation';
import { publicationExists } from '../db/publications-repository';
import { badRequest, notFound } from '../http/api-error';
import { readMultipart } from '../http/form';
import { notFoundAs } from '../http/params';
import { BadRequest, Detail, IdParams } from '@/domain/schemas/common';
import { UploadAnswer } from '@/domain/schemas/public';
import type { Services } from '../services';
import { requestActor } from '../content/activity-log';
import { keepInLibrary } from '../content/media';
import { checkImageField, imageInputOf, storeImage } from '../content/images';

/** Images for image cells: multipart field `image` -> {url} (requirements §7). */
export const uploadRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  async function upload(request: FastifyRequest, reply: FastifyReply): Promise<UploadResponse> {
    // Only the file counts: a text sent as `image` is no upload.
    const image = request.isMultipart() ? imageInputOf(await readMultipart(request, ['image']), 'image', undefined) : undefined;
    const errors: FieldErrors = {};
    checkImageField(image, 'image', errors);
    if (!image) errors.image = [messages.required];
    if (hasErrors(errors)) throw badRequest(errors);
    const url = await storeImage(services.media, image, 'image');
    if (!url) throw badRequest({ image: [messages.required] });
    // Into the library (its log entry says so): found again and reused from there.
    await keepInLibrary({ services, actor: await requestActor(services, request) }, image, url);
    reply.code(201);
    return { url };
  }

  const tags = ['Imágenes'];
  const security = [{ bearer: [] }];
  const description = 'multipart/form-data con el campo `image` (JPG, PNG, GIF o WEBP, hasta 5 MB, comprobado por su contenido).';

  app.post(
    '/upload-image/',
    {
      schema: { tags, security, summary: 'Sube una imagen para una celda', description, response: { 201: UploadAnswer, 400: BadRequest } },
    },
    upload,
  );

  app.post(
    '/publications/:id/upload_cell_image/',
    {
      config: notFoundAs(messages.publicationNotFound),
      schema: {
        tags,
        security,
        summary: 'Sube una imagen para una celda de una publicación existente',
        description,
        params: IdParams,
        response: { 201: UploadAnswer, 400: BadRequest, 404: Detail },
      },
    },
    async (request, reply) => {
      if (!(await publicationExists(services.db, request.params.id))) throw notFound(messages.publicationNotFound);
      return upload(request, reply);
    },
  );
};
