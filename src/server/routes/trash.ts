import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { messages } from '@/domain/messages';
import { nowIso } from '../clock';
import { findBiography } from '../db/biographies-repository';
import { imageInUse, storedImageUrls } from '../db/media-uses-repository';
import type { DbOrTrx } from '../db/database';
import { findPublication, findPublicationRow } from '../db/publications-repository';
import { deleteRevisionsOf } from '../db/revisions-repository';
import { findSection } from '../db/sections-repository';
import type { TrashKind, TrashRow } from '../db/schema';
import {
  contentsOf,
  deleteTrashEntry,
  expiredTrashIds,
  findTrashEntry,
  listTrash,
  restoreTrashEntry,
  type TrashSummaryRow,
} from '../db/trash-repository';
import { ApiError, notFound } from '../http/api-error';
import { readPageRequest, requestUrl, toPage } from '../http/pagination';
import { idParam } from '../http/params';
import { toBiography, toPublication, toSection } from '../http/serializers';
import type { Services } from '../services';
import type { UpkeepJob, UpkeepLog } from '../upkeep/schedule';
import { logActivity, requestActor, type Actor } from '../content/activity-log';
import { saveAttemptOf, writeSave } from './idempotency';
import { Detail, IdParams, PageOf, PageQuery } from '@/domain/schemas/common';
import { RestoredItem, TrashEntry } from '@/domain/schemas/trash';

/**
 * The trash ('Papelera', docs/decisions/130-trash.md): the admin list of what
 * was deleted, restoring, purging, and the purge of entries past
 * TRASH_RETENTION_DAYS. The deletes themselves stay on their resources'
 * routes and move rows here through db/trash-repository.ts.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the purge writes to the log: the app's logger, or a request's. */
export type PurgeLog = UpkeepLog;
/** Entries purged in one transaction, so that a long backlog never holds the write lock for long. */
const PURGE_BATCH = 50;

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

/**
 * Purges entries for good: the rows go in one transaction (skipping any that
 * was restored or purged meanwhile, and, with `deletedBefore`, any newer), and
 * the images they named that nothing else stored names any more are removed
 * once it has committed. Answers how many entries this call purged.
 */
async function purgeEntries(
  services: Services,
  log: PurgeLog,
  ids: readonly number[],
  actor: Actor | null,
  deletedBefore?: string,
): Promise<number> {
  const { purged, unused } = await services.writeContent(async (trx) => {
    const candidates = new Set<string>();
    let purged = 0;
    for (const id of ids) {
      const entry = await findTrashEntry(trx, id);
      if (!entry || (deletedBefore !== undefined && entry.deleted_at >= deletedBefore)) continue;
      for (const url of storedImageUrls(entry.data)) candidates.add(url);
      // The items are gone for good, and so is their history, with the images only it still named.
      for (const data of await forgetHistory(trx, entry)) for (const url of storedImageUrls(data)) candidates.add(url);
      await deleteTrashEntry(trx, id);
      await logActivity(trx, actor, 'purge', { kind: entry.kind, id: entry.item_id, label: entry.label });
      purged += 1;
    }
    // Asked after the entries went, under the write lock: what still names an image keeps it.
    const unused: string[] = [];
    for (const url of candidates) if (!(await imageInUse(trx, url))) unused.push(url);
    return { purged, unused };
  });
  // Only now that the rows are gone for good: a rolled-back purge never loses a file.
  for (const url of unused) {
    try {
      await services.media.removeImage(url);
    } catch (error) {
      log.warn({ err: error, url }, 'trash purge: an unused image could not be removed');
    }
  }
  return purged;
}

/**
 * Deletes the revisions of the items an entry holds (a section's publications
 * too), unless an item with the same id lives in its table again. Answers the
 * records they held.
 */
async function forgetHistory(trx: DbOrTrx, entry: TrashRow): Promise<string[]> {
  const rows = contentsOf(entry);
  const records: string[] = [];
  for (const section of rows.sections)
    if (!(await findSection(trx, section.id))) records.push(...(await deleteRevisionsOf(trx, 'section', section.id)));
  for (const publication of rows.publications) {
    if (!(await findPublicationRow(trx, publication.id))) records.push(...(await deleteRevisionsOf(trx, 'publication', publication.id)));
  }
  for (const biography of rows.biographies)
    if (!(await findBiography(trx, biography.id))) records.push(...(await deleteRevisionsOf(trx, 'biography', biography.id)));
  return records;
}

/**
 * Purges every entry deleted more than TRASH_RETENTION_DAYS before `now`. Two
 * processes may run it at once: each entry is taken under the content write
 * lock, so exactly one of them purges it and removes its files. When nothing
 * has expired it writes nothing (the public cache keeps its answers).
 */
export async function purgeExpiredTrash(services: Services, log: PurgeLog, now: Date = new Date()): Promise<number> {
  const deletedBefore = new Date(now.getTime() - services.config.trashRetentionDays * DAY_MS).toISOString();
  let total = 0;
  for (;;) {
    const ids = await expiredTrashIds(services.db, deletedBefore, PURGE_BATCH);
    if (ids.length === 0) break;
    // Done by the timer, not by a person: the log entry names no one.
    const purged = await purgeEntries(services, log, ids, null, deletedBefore);
    total += purged;
    // None purged: another process has this batch; what is left waits for the next tick.
    if (purged === 0 || ids.length < PURGE_BATCH) break;
  }
  return total;
}

/** The purge of expired trash entries as an upkeep job. */
export function trashPurgeJob(services: Services, log: PurgeLog): UpkeepJob {
  return { name: 'trash purge', run: async () => ({ purged: await purgeExpiredTrash(services, log) }) };
}

/** Admin routes of the trash. */
export const trashRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { db } = services;
  const entryNotFound = () => notFound(messages.trashEntryNotFound);
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
      const id = idParam(request.params, 'id', messages.trashEntryNotFound);
      const actor = await requestActor(services, request);
      const attempt = await saveAttemptOf(services, request, actor);
      return writeSave(services, attempt, 200, async (trx) => {
        const entry = await findTrashEntry(trx, id);
        if (!entry) throw entryNotFound();
        const outcome = await restoreTrashEntry(trx, entry, nowIso());
        // Thrown inside: nothing of the attempt is kept.
        if ('sectionInTrash' in outcome) throw new ApiError(409, { detail: messages.restoreSectionFirst(outcome.sectionInTrash) });
        if ('sectionGone' in outcome) throw new ApiError(409, { detail: messages.restoreSectionGone });
        await logActivity(trx, actor, 'restore', { kind: entry.kind, id: outcome.restored.id, label: entry.label });
        return answerOf(trx, outcome.restored);
      });
    },
  );

  app.delete(
    '/trash/:id/',
    {
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
      const id = idParam(request.params, 'id', messages.trashEntryNotFound);
      const actor = await requestActor(services, request);
      if ((await purgeEntries(services, request.log, [id], actor)) === 0) throw entryNotFound();
      return reply.code(204).send(null);
    },
  );
};

/** The restored item as its own GET /{id}/ answers it. */
async function answerOf(trx: Parameters<typeof findSection>[0], restored: { kind: TrashKind; id: number }) {
  if (restored.kind === 'section') return toSection((await findSection(trx, restored.id))!);
  if (restored.kind === 'publication') return toPublication((await findPublication(trx, restored.id))!);
  return toBiography((await findBiography(trx, restored.id))!);
}
