import type { RevisionKind, RevisionRecords } from '@/domain/history';
import type { DbOrTrx } from '../db/database';
import type { ApiError } from '../http/api-error';
import type { Services } from '../services';
import type { Actor } from './activity-log';
import type { SaveAttempt } from './kept-answers';

/** Who writes, and the save attempt a repeat is recognised by (none outside HTTP). */
export interface Writer {
  services: Services;
  actor: Actor;
  attempt?: SaveAttempt;
}

/** One kind of content as its saves see it. */
export interface ContentKind<K extends RevisionKind, Row extends { id: number; version: number }> {
  kind: K;
  /** 404 with the kind's own message ('No se encontró la publicación'). */
  notFound(): ApiError;
  find(db: DbOrTrx, id: number): Promise<Row | undefined>;
  /** The record as its admin GET answers it (and as the history keeps it). */
  toJson(row: Row): RevisionRecords[K];
  /**
   * Makes the item's content a revision's, keeping what a restore never
   * changes (its place in lists, and whether the public sees it). Throws an
   * ApiError when it cannot.
   */
  restore(trx: DbOrTrx, id: number, record: RevisionRecords[K], now: string): Promise<RevisionRecords[K] | undefined>;
}
