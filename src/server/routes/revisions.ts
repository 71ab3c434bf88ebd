import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from 'typebox';
import { REVISIONS_KEPT, REVISIONS_KEPT_DAYS, type RevisionKind } from '@/domain/history';
import { messages } from '@/domain/messages';
import { Biography as BiographySchema } from '@/domain/schemas/biographies';
import { BadRequest, Detail, EditConflictOf, IdParams, PageOf, PageQuery } from '@/domain/schemas/common';
import { Publication as PublicationSchema } from '@/domain/schemas/publications';
import {
  BiographyRevision,
  PublicationRevision,
  RevisionParams,
  RevisionRestoreBody,
  RevisionSummary,
  SectionRevision,
} from '@/domain/schemas/revisions';
import { Section as SectionSchema } from '@/domain/schemas/sections';
import { biographyKind } from '../content/biographies';
import { checkEditable } from '../content/edit-guard';
import { existingRevision, restoreRevision } from '../content/history';
import { publicationKind } from '../content/publications';
import { sectionKind } from '../content/sections';
import type { ContentKind } from '../content/writer';
import { listRevisions, type RevisionSummaryRow } from '../db/revisions-repository';
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
    summary: JSON.parse(row.summary) as string[],
    restored_from: row.restored_from,
  };
}

/** One kind of item as the history's routes show it. */
interface HistoryOf {
  content: ContentKind<RevisionKind, { id: number; version: number }>;
  path: string;
  tag: string;
  notFound: string;
  record: TSchema;
  detail: TSchema;
}

const histories: HistoryOf[] = [
  {
    content: publicationKind,
    path: '/publications/',
    tag: 'Publicaciones',
    notFound: messages.publicationNotFound,
    record: PublicationSchema,
    detail: PublicationRevision,
  },
  {
    content: sectionKind,
    path: '/sections/',
    tag: 'Secciones',
    notFound: messages.sectionNotFoundDetail,
    record: SectionSchema,
    detail: SectionRevision,
  },
  {
    content: biographyKind,
    path: '/biographies/',
    tag: 'Biografías',
    notFound: messages.biographyNotFound,
    record: BiographySchema,
    detail: BiographyRevision,
  },
];

/** GET …/revisions/, GET …/revisions/{revisionId}/ and POST …/revisions/{revisionId}/restore/ for the three kinds. */
export const revisionRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { db } = services;
  const security = [{ bearer: [] }];

  for (const { content, path, tag, notFound, record, detail } of histories) {
    const tags = [tag];
    const config = notFoundAs(notFound, { revisionId: messages.revisionNotFound });
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
        return { ...toRevisionSummary(revision), record: JSON.parse(revision.data) as unknown };
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
            (content.kind === 'publication'
              ? 'Recupera título, sección, diseño, imagen destacada, fecha y destacado; el estado se conserva. 409 si la sección de esa versión ya no existe o está en la papelera. '
              : content.kind === 'section'
                ? 'Recupera el título; la dirección (slug) y la visibilidad se conservan. '
                : 'Recupera nombre, cargo, biografía, email, web y foto; si está activa se conserva. ') +
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
