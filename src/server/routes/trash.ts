import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { messages } from '@/domain/messages';
import { nowIso } from '../clock';
import { findBiography } from '../db/biographies-repository';
import { imageInUse, storedImageUrls } from '../db/media-uses-repository';
import { findPublication } from '../db/publications-repository';
import { findSection } from '../db/sections-repository';
import type { TrashKind } from '../db/schema';
import {
  deleteTrashEntry,
  expiredTrashIds,
  findTrashEntry,
  listTrash,
  restoreTrashEntry,
  type TrashActor,
  type TrashSummaryRow,
} from '../db/trash-repository';
import { ApiError, notFound } from '../http/api-error';
import { readPageRequest, requestUrl, toPage } from '../http/pagination';
import { idParam } from '../http/params';
import { toBiography, toPublication, toSection } from '../http/serializers';
import { optionalAdmin } from '../plugins/auth';
import type { Services } from '../services';
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
export type PurgeLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
/** How often each process looks for expired entries (and once when it starts). */
export const TRASH_PURGE_INTERVAL_MS = 60 * 60 * 1000;
/** Entries purged in one transaction, so that a long backlog never holds the write lock for long. */
const PURGE_BATCH = 50;

/** Who is deleting: the signed-in administrator (the admin scope has already checked the token). */
export async function trashActor(services: Services, request: FastifyRequest): Promise<TrashActor> {
  const user = await optionalAdmin(services, request);
  return { id: user?.id ?? null, username: user?.username ?? '' };
}

const purgeAt = (services: Services, deletedAt: string): string => new Date(Date.parse(deletedAt) + services.config.trashRetentionDays * DAY_MS).toISOString();

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
async function purgeEntries(services: Services, log: PurgeLog, ids: readonly number[], deletedBefore?: string): Promise<number> {
  const { purged, unused } = await services.writeContent(async (trx) => {
    const candidates = new Set<string>();
    let purged = 0;
    for (const id of ids) {
      const entry = await findTrashEntry(trx, id);
      if (!entry || (deletedBefore !== undefined && entry.deleted_at >= deletedBefore)) continue;
      for (const url of storedImageUrls(entry.data)) candidates.add(url);
      await deleteTrashEntry(trx, id);
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
    const purged = await purgeEntries(services, log, ids, deletedBefore);
    total += purged;
    // None purged: another process has this batch; what is left waits for the next tick.
    if (purged === 0 || ids.length < PURGE_BATCH) break;
  }
  return total;
}

/**
 * The automatic purge of one process: once when the app is ready (start()
 * answers when that first purge is over, failed or not), then every
 * TRASH_PURGE_INTERVAL_MS on a timer that does not keep the process alive.
 * `stop` (on app close) waits for a purge under way, so that it never meets a
 * closed database. A failure is logged and tried again at the next tick.
 */
export function scheduleTrashPurge(services: Services, log: PurgeLog): { start(): Promise<void>; stop(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const run = (): Promise<void> => {
    running ??= purgeExpiredTrash(services, log)
      .then(
        (purged) => {
          if (purged > 0) log.info({ purged }, 'trash purge: expired entries removed');
        },
        (error: unknown) => log.error({ err: error }, 'trash purge failed'),
      )
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  return {
    async start() {
      if (timer) return;
      timer = setInterval(() => void run(), TRASH_PURGE_INTERVAL_MS);
      timer.unref();
      await run();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
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
      return services.writeContent(async (trx) => {
        const entry = await findTrashEntry(trx, id);
        if (!entry) throw entryNotFound();
        const outcome = await restoreTrashEntry(trx, entry, nowIso());
        // Thrown inside: nothing of the attempt is kept.
        if ('sectionInTrash' in outcome) throw new ApiError(409, { detail: messages.restoreSectionFirst(outcome.sectionInTrash) });
        if ('sectionGone' in outcome) throw new ApiError(409, { detail: messages.restoreSectionGone });
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
      if ((await purgeEntries(services, request.log, [id])) === 0) throw entryNotFound();
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
