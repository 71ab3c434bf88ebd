import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { messages } from '@/domain/messages';
import { purgeEntry, restoreFromTrash } from '../content/trash';
import { listTrash, type TrashSummaryRow } from '../db/trash-repository';
import { readPageRequest, requestUrl, toPage } from '../http/pagination';
import { notFoundAs } from '../http/params';
import { requestActorWriter, requestWriter } from '../http/writer';
import type { Services } from '../services';
import { Detail, IdParams, PageOf, PageQuery } from '@/domain/schemas/common';
import { RestoredItem, TrashEntry } from '@/domain/schemas/trash';

/**
 * The trash ('Papelera', docs/decisions/130-trash.md): the admin list of what
 * was deleted, restoring and purging (content/trash.ts); the purge of entries
 * past TRASH_RETENTION_DAYS is an upkeep job (upkeep/trash-purge.ts).
 */

const DAY_MS = 24 * 60 * 60 * 1000;

const purgeAt = (services: Services, deletedAt: string): string =>
  new Date(Date.parse(deletedAt) + services.config.trashRetentionDays * DAY_MS).toISOString();

function toTrashEntry(services: Services, row: TrashSummaryRow): TrashEntry {
  return {
    id: row.id,
    kind: row.kind,
    label: row.label,
    item_id: row.item_id,
    deleted_at: row.deleted_at,
    deleted_by: row.deleted_by,
    purge_at: purgeAt(services, row.deleted_at),
    publications: row.kind === 'section' ? row.publication_count : null,
  };
}

/** Admin routes of the trash. */
export const trashRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { db } = services;
  const config = notFoundAs(messages.trashEntryNotFound);
  const tags = ['Papelera'];
  const security = [{ bearer: [] }];

  app.get(
    '/trash/',
    {
      schema: {
        tags,
        security,
        summary: 'Lo eliminado, lo más reciente primero',
        description: 'Cada entrada dice qué se eliminó, quién y cuándo, y cuándo se eliminará definitivamente.',
        querystring: PageQuery,
        response: { 200: PageOf(TrashEntry) },
      },
    },
    async (request) => {
      const page = readPageRequest(request.query);
      const { rows, count } = await listTrash(db, page.window);
      return toPage(
        page,
        count,
        rows.map((row) => toTrashEntry(services, row)),
        requestUrl(request),
      );
    },
  );

  app.post(
    '/trash/:id/restore/',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Restaura un elemento eliminado',
        description:
          'Vuelve al final de su lista (una publicación, al final de su sección), con su identificador si está libre y con sus imágenes; una sección vuelve con sus publicaciones. 409 si no se puede (una publicación cuya sección está en la papelera).',
        params: IdParams,
        response: { 200: RestoredItem, 404: Detail, 409: Detail },
      },
    },
    async (request) => {
      return restoreFromTrash(await requestWriter(services, request), request.params.id);
    },
  );

  app.delete(
    '/trash/:id/',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Elimina definitivamente un elemento de la papelera',
        description: 'También borra las imágenes que ya no usa nada más.',
        params: IdParams,
        response: { 204: Type.Null(), 404: Detail },
      },
    },
    async (request, reply) => {
      await purgeEntry(await requestActorWriter(services, request), request.log, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
