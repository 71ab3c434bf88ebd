import type { FastifyRequest } from 'fastify';
import type { ActivityActionName, ActivityTargetKindName } from '@/domain/history';
import { nowIso } from '../clock';
import { insertActivity } from '../db/activity-repository';
import type { DbOrTrx } from '../db/database';
import { optionalAdmin } from '../plugins/auth';
import type { Services } from '../services';

/**
 * Writing the activity log ('Actividad'): every write path (a route, a bulk
 * action, a job) records what it did through logActivity. A content write
 * passes its writeContent transaction, so the change and its entry commit or
 * fail together; what is no content (a sign-in, an upload) passes the plain
 * connection, so that a flood of failed sign-ins never bumps the public
 * cache's content version.
 */

/** Who is acting: the signed-in administrator (the admin scope has already checked the token). */
export interface Actor {
  id: number | null;
  username: string;
  /**
   * Set while a bulk action runs (content/bulk.ts): the changes of its items
   * are listed in the action's one entry instead of writing entries of their
   * own; their revisions are written as ever.
   */
  batch?: ActivityBatch;
}

/** The one entry of a bulk action, which lists the items its changes hand it (content/bulk.ts). */
export interface ActivityBatch {
  add(db: DbOrTrx, action: ActivityActionName, target: ActivityTarget | undefined): Promise<void>;
}

export async function requestActor(services: Services, request: FastifyRequest): Promise<Actor> {
  const user = await optionalAdmin(services, request);
  return { id: user?.id ?? null, username: user?.username ?? '' };
}

export interface ActivityTarget {
  kind: ActivityTargetKindName;
  id?: number | null;
  label?: string;
}

/**
 * Writes one entry of the log, now. Pass the content write's transaction, so
 * that the change and its entry commit or fail together; or the connection,
 * for what is no content (a sign-in, an upload). `actor` null: nobody known
 * (the automatic purge, a failed sign-in with an unknown name).
 */
export async function logActivity(
  db: DbOrTrx,
  actor: Actor | null,
  action: ActivityActionName,
  target?: ActivityTarget,
  ip?: string | null,
): Promise<void> {
  if (actor?.batch) return actor.batch.add(db, action, target);
  await insertActivity(db, { at: nowIso(), user: actor, action, target, ip });
}
