import type { ContentKind } from '@/domain/content-kinds';
import type { RevisionRecords } from '@/domain/history';
import type { DbOrTrx } from '../db/database';
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
export interface KindStore<K extends ContentKind, Row extends { id: number; version: number }> {
  kind: K;
  /** Its 404 message ('No se encontró la publicación'). */
  missing: string;
  find(db: DbOrTrx, id: number): Promise<Row | undefined>;
  /** The record as its admin GET answers it (and as the history keeps it). */
  toJson(row: Row): RevisionRecords[K];
  /** What a restore brings back and what it keeps, for the API document. */
  restoreKeeps: string;
  /**
   * Makes the item's content a revision's, keeping what a restore never
   * changes (its place in lists, and whether the public sees it). Throws an
   * Refusal when it cannot.
   */
  restore(trx: DbOrTrx, id: number, record: RevisionRecords[K], now: string): Promise<RevisionRecords[K] | undefined>;
}
