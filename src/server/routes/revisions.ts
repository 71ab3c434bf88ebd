import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from 'typebox';
import { CONTENT_KIND, CONTENT_KINDS, kindTitle, type ContentKind } from '@/domain/content-kinds';
import { REVISIONS_KEPT, REVISIONS_KEPT_DAYS } from '@/domain/history';
import { messages } from '@/domain/messages';
import { BadRequest, Detail, EditConflictOf, IdParams, PageOf, PageQuery } from '@/domain/schemas/common';
import { KIND_SCHEMAS } from '@/domain/schemas/kinds';
import { RevisionParams, RevisionRestoreBody, RevisionSummary } from '@/domain/schemas/revisions';
import { checkEditable } from '../content/edit-guard';
import { existingRevision, restoreRevision } from '../content/history';
import { KIND_STORES } from '../content/kinds';
import type { KindStore } from '../content/writer';
import { listRevisions, storedRecord, storedSummary, type RevisionSummaryRow } from '../db/revisions-repository';
import { formBody } from '../http/form';
import { readPageRequest, requestUrl, toPage } from '../http/pagination';
import { notFoundAs } from '../http/params';
import { requestWriter } from '../http/writer';
import type { Services } from '../services';

/**
 * The history of publications, sections and biographies ('Historial',
 * docs/decisions/132-revisions-and-activity-log.md): every create and update
 * keeps a revision (content/history.ts recordSave, inside the save); these
 * routes list them, show one, and restore one as a new revision.
 */

function toRevisionSummary(row: RevisionSummaryRow): RevisionSummary {
  return {
    id: row.id,
    number: row.number,
    created_at: row.created_at,
    author: row.author,
    summary: storedSummary(row.summary),
    restored_from: row.restored_from,
  };
}

/** GET …/revisions/, GET …/revisions/{revisionId}/ and POST …/revisions/{revisionId}/restore/ for the three kinds. */
export const revisionRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { db } = services;
  const security = [{ bearer: [] }];

  for (const kind of CONTENT_KINDS) {
    const content: KindStore<ContentKind, { id: number; version: number }> = KIND_STORES[kind];
    const path = `/${CONTENT_KIND[kind].collection}/`;
    const tags = [kindTitle(kind)];
    // Typed as any schema: the handlers answer what was stored, whichever kind.
    const { record, revision: detail }: { record: TSchema; revision: TSchema } = KIND_SCHEMAS[kind];
    const config = notFoundAs(content.missing, { revisionId: messages.revisionNotFound });
    /** The item, which must exist (a deleted one does not). */
    const existingItem = async (id: number) => checkEditable(db, await content.find(db, id), undefined, content);

    app.get(
      `${path}:id/revisions/`,
      {
        config,
        schema: {
          tags,
          security,
          summary: 'Historial: las versiones guardadas, la más reciente primero',
          description: `Se conservan las ${REVISIONS_KEPT} últimas de cada elemento y todas las de los últimos ${REVISIONS_KEPT_DAYS} días.`,
          params: IdParams,
          querystring: PageQuery,
          response: { 200: PageOf(RevisionSummary), 404: Detail },
        },
      },
      async (request) => {
        const page = readPageRequest(request.query);
        const { id } = await existingItem(request.params.id);
        const { rows, count } = await listRevisions(db, content.kind, id, page.window);
        return toPage(page, count, rows.map(toRevisionSummary), requestUrl(request));
      },
    );

    app.get(
      `${path}:id/revisions/:revisionId/`,
      {
        config,
        schema: {
          tags,
          security,
          summary: 'Una versión, con el elemento tal como era',
          description: '`record` es el elemento como lo devolvía su GET cuando se guardó esta versión.',
          params: RevisionParams,
          response: { 200: detail, 404: Detail },
        },
      },
      async (request) => {
        const { id } = await existingItem(request.params.id);
        const revision = await existingRevision(db, content.kind, id, request.params.revisionId);
        return { ...toRevisionSummary(revision), record: storedRecord(revision.data) };
      },
    );

    app.post(
      `${path}:id/revisions/:revisionId/restore/`,
      {
        config,
        preValidation: formBody(RevisionRestoreBody),
        schema: {
          tags,
          security,
          summary: 'Restaura una versión como una versión nueva',
          description:
            `${content.restoreKeeps} ` +
            'Con `version`, se rechaza (409) si otra edición se guardó antes. El historial no se reescribe: la restauración es una versión nueva.',
          params: RevisionParams,
          body: RevisionRestoreBody,
          response: {
            200: record,
            400: BadRequest,
            404: Detail,
            // A stale version (with the current record), or a publication's section that is gone.
            409: Type.Union([EditConflictOf(record), Detail]),
          },
        },
      },
      async (request) =>
        restoreRevision(
          await requestWriter(services, request),
          content,
          request.params.id,
          request.params.revisionId,
          request.body.version,
        ),
    );
  }
};
