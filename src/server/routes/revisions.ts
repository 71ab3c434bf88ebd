import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from 'typebox';
import type { Biography, FieldErrors, Publication, Section } from '@/domain/entities';
import {
  REVISIONS_KEPT,
  REVISIONS_KEPT_DAYS,
  revisionSummaries,
  summarizeChange,
  summarizeRestore,
  type RevisionKind,
  type RevisionRecords,
} from '@/domain/history';
import { messages } from '@/domain/messages';
import { hasErrors } from '@/domain/validation';
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
import { nowIso } from '../clock';
import { readLayout } from '../content/layout-input';
import { findBiography, updateBiography } from '../db/biographies-repository';
import type { DbOrTrx } from '../db/database';
import { findPublication, updatePublication } from '../db/publications-repository';
import { findRevision, hasRevisions, insertRevision, listRevisions, type RevisionSummaryRow } from '../db/revisions-repository';
import { findSection, updateSection } from '../db/sections-repository';
import { sectionEntry } from '../db/trash-repository';
import { ApiError, badRequest, notFound } from '../http/api-error';
import { readForm } from '../http/form';
import { readVersion } from '../http/form-fields';
import { readPageRequest, requestUrl, toPage } from '../http/pagination';
import { idParam } from '../http/params';
import { toBiography, toPublication, toSection } from '../http/serializers';
import type { Services } from '../services';
import { logActivity, requestActor, type Actor } from '../content/activity-log';
import { checkEditable } from './edit-guard';
import { saveAttemptOf, writeSave } from './idempotency';

/**
 * The history of publications, sections and biographies ('Historial',
 * docs/decisions/132-revisions-and-activity-log.md): every create and update
 * keeps a revision (recordSave, called by the resources' routes inside their
 * writeContent); these routes list them, show one, and restore one as a new
 * revision.
 */

const labelOf = (record: { title: string } | { name: string }): string => ('title' in record ? record.title : record.name);

/** What a save hands the history: the record before (an update) and after, as the admin GET answers them. */
export interface Save<K extends RevisionKind> {
  kind: K;
  /** Absent for a create. */
  before?: RevisionRecords[K];
  after: RevisionRecords[K];
  actor: Actor;
}

/**
 * Records a create or an update in the save's transaction: the item's next
 * revision, its entry in the activity log, and, for an item saved for the
 * first time since it has a history, a first revision holding what it was
 * before (its author unknown, dated when it was last changed).
 */
export async function recordSave<K extends RevisionKind>(trx: DbOrTrx, save: Save<K>): Promise<void> {
  const { kind, before, after, actor } = save;
  const now = new Date();
  if (before && !(await hasRevisions(trx, kind, after.id))) {
    await insertRevision(
      trx,
      {
        kind,
        itemId: after.id,
        record: before,
        summary: [revisionSummaries.baseline],
        author: { id: null, username: '' },
        createdAt: before.updated_at,
      },
      now,
    );
  }
  await insertRevision(
    trx,
    {
      kind,
      itemId: after.id,
      record: after,
      summary: before ? summarizeChange(kind, before, after) : [revisionSummaries.created],
      author: actor,
      createdAt: now.toISOString(),
    },
    now,
  );
  await logActivity(trx, actor, before ? 'update' : 'create', { kind, id: after.id, label: labelOf(after) });
}

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

/** One kind of item as the history sees it. */
interface HistoryOf<K extends RevisionKind> {
  kind: K;
  path: string;
  tag: string;
  notFound: string;
  record: TSchema;
  detail: TSchema;
  find(db: DbOrTrx, id: number): Promise<{ id: number; version: number } | undefined>;
  toJson(row: never): RevisionRecords[K];
  /**
   * Makes the item's content the revision's, keeping what a restore never
   * changes (its place in lists, and whether the public sees it). Throws an
   * ApiError when it cannot.
   */
  restore(trx: DbOrTrx, id: number, record: RevisionRecords[K], now: string): Promise<RevisionRecords[K] | undefined>;
}

const publications: HistoryOf<'publication'> = {
  kind: 'publication',
  path: '/publications/',
  tag: 'Publicaciones',
  notFound: messages.publicationNotFound,
  record: PublicationSchema,
  detail: PublicationRevision,
  find: findPublication,
  toJson: toPublication as never,
  async restore(trx, id, record: Publication, now) {
    if (!(await findSection(trx, record.section_id))) {
      const inTrash = await sectionEntry(trx, record.section_id);
      throw new ApiError(409, {
        detail: inTrash ? messages.revisionSectionInTrash(inTrash.label) : messages.revisionSectionGone(record.section.title),
      });
    }
    // Through today's rules, as a save: a layout kept before a sanitiser fix comes back clean.
    const layout = readLayout(record.layout, {});
    if (!layout) throw new ApiError(409, { detail: messages.revisionLayoutInvalid });
    // The status stays: a restore never publishes or withdraws a publication by surprise.
    const row = await updatePublication(trx, id, {
      title: record.title,
      section_id: record.section_id,
      layout: JSON.stringify(layout),
      featured_image: record.featured_image,
      publish_date: record.publish_date,
      is_featured: record.is_featured ? 1 : 0,
      updated_at: now,
    });
    return row && toPublication(row);
  },
};

const sections: HistoryOf<'section'> = {
  kind: 'section',
  path: '/sections/',
  tag: 'Secciones',
  notFound: messages.sectionNotFoundDetail,
  record: SectionSchema,
  detail: SectionRevision,
  find: findSection,
  toJson: toSection as never,
  // The slug never changes (public addresses stay), nor whether the section is visible.
  async restore(trx, id, record: Section, now) {
    const row = await updateSection(trx, id, { title: record.title, updated_at: now });
    return row && toSection(row);
  },
};

const biographies: HistoryOf<'biography'> = {
  kind: 'biography',
  path: '/biographies/',
  tag: 'Biografías',
  notFound: messages.biographyNotFound,
  record: BiographySchema,
  detail: BiographyRevision,
  find: findBiography,
  toJson: toBiography as never,
  // Whether the biography is shown stays as it is now.
  async restore(trx, id, record: Biography, now) {
    const row = await updateBiography(trx, id, {
      name: record.name,
      position: record.position,
      biography: record.biography,
      email: record.email,
      linkedin: record.linkedin,
      photo: record.photo,
      updated_at: now,
    });
    return row && toBiography(row);
  },
};

/** GET …/revisions/, GET …/revisions/{revisionId}/ and POST …/revisions/{revisionId}/restore/ for the three kinds. */
export const revisionRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { db } = services;
  const security = [{ bearer: [] }];

  for (const history of [publications, sections, biographies] as HistoryOf<RevisionKind>[]) {
    const { kind, path, notFound: notFoundMessage } = history;
    const tags = [history.tag];
    const itemNotFound = () => notFound(notFoundMessage);
    const revisionNotFound = () => notFound(messages.revisionNotFound);
    const toJson = history.toJson as (row: unknown) => RevisionRecords[RevisionKind];
    const editable = { kind, notFound: itemNotFound, toJson };

    /** The item's id, after checking that it exists (a deleted one does not). */
    const existingItem = async (params: unknown, trx: DbOrTrx = db) => {
      const id = idParam(params, 'id', notFoundMessage);
      return { id, row: await checkEditable(trx, await history.find(trx, id), undefined, editable) };
    };
    const revisionOf = async (trx: DbOrTrx, params: unknown, id: number) => {
      const revision = await findRevision(trx, kind, id, idParam(params, 'revisionId', messages.revisionNotFound));
      if (!revision) throw revisionNotFound();
      return revision;
    };

    app.get(
      `${path}:id/revisions/`,
      {
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
        const { id } = await existingItem(request.params);
        const { rows, count } = await listRevisions(db, kind, id, page.window);
        return toPage(page, count, rows.map(toRevisionSummary), requestUrl(request));
      },
    );

    app.get(
      `${path}:id/revisions/:revisionId/`,
      {
        schema: {
          tags,
          security,
          summary: 'Una versión, con el elemento tal como era',
          description: '`record` es el elemento como lo devolvía su GET cuando se guardó esta versión.',
          params: RevisionParams,
          response: { 200: history.detail, 404: Detail },
        },
      },
      async (request) => {
        const { id } = await existingItem(request.params);
        const revision = await revisionOf(db, request.params, id);
        return { ...toRevisionSummary(revision), record: JSON.parse(revision.data) as unknown };
      },
    );

    app.post(
      `${path}:id/revisions/:revisionId/restore/`,
      {
        schema: {
          tags,
          security,
          summary: 'Restaura una versión como una versión nueva',
          description:
            (kind === 'publication'
              ? 'Recupera título, sección, diseño, imagen destacada, fecha y destacado; el estado se conserva. 409 si la sección de esa versión ya no existe o está en la papelera. '
              : kind === 'section'
                ? 'Recupera el título; la dirección (slug) y la visibilidad se conservan. '
                : 'Recupera nombre, cargo, biografía, email, web y foto; si está activa se conserva. ') +
            'Con `version`, se rechaza (409) si otra edición se guardó antes. El historial no se reescribe: la restauración es una versión nueva.',
          params: RevisionParams,
          body: { content: { 'application/json': { schema: RevisionRestoreBody } } },
          response: {
            200: history.record,
            400: BadRequest,
            404: Detail,
            // A stale version (with the current record), or a publication's section that is gone.
            409: Type.Union([EditConflictOf(history.record), Detail]),
          },
        },
      },
      async (request) => {
        const actor = await requestActor(services, request);
        const attempt = await saveAttemptOf(services, request, actor);
        const { id } = await existingItem(request.params);
        await revisionOf(db, request.params, id);
        const errors: FieldErrors = {};
        const version = readVersion((await readForm(request, [])).fields, errors);
        if (hasErrors(errors)) throw badRequest(errors);
        return writeSave(services, attempt, 200, async (trx) => {
          const { row } = await existingItem(request.params, trx);
          const revision = await revisionOf(trx, request.params, id);
          await checkEditable(trx, row, version, editable, actor);
          const before = toJson(row);
          const after = await history.restore(trx, id, JSON.parse(revision.data) as RevisionRecords[RevisionKind], nowIso());
          if (!after) throw itemNotFound();
          const now = new Date();
          await insertRevision(
            trx,
            {
              kind,
              itemId: id,
              record: after,
              summary: summarizeRestore(kind, revision.number, before, after),
              restoredFrom: revision.number,
              author: actor,
              createdAt: now.toISOString(),
            },
            now,
          );
          await logActivity(trx, actor, 'revision_restore', { kind, id, label: labelOf(after) });
          return after;
        });
      },
    );
  }
};
