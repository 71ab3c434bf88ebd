import type { ContentKind } from '@/domain/content-kinds';
import type { FieldErrors } from '@/domain/entities';
import { messages } from '@/domain/messages';
import { isVersion } from '@/domain/validation';
import type { DbOrTrx } from '../db/database';
import { authorOfVersion } from '../db/revisions-repository';
import { Refusal, invalidFields, nothingNamed } from '../refusal';
import type { Actor } from './activity-log';

/** What an edit of one kind answers when it cannot go ahead. */
export interface EditAnswers<Row> {
  kind: ContentKind;
  /** Its 404 message ('No se encontró la publicación'). */
  missing: string;
  toJson: (row: Row) => unknown;
}

/**
 * The check of an edit (requirements §10.6): the record exists,
 * and when the caller sent the `version` it started from, that is still the
 * stored one; else 409 with the record as GET /{id}/ answers it. Saves (save.ts) run it
 * before costly work (storing an upload) and again inside writeContent, under
 * the write lock, where it decides: two saves from one version cannot both win.
 *
 * The 409 never blames another person for the editor's own save: when the
 * stored version was saved by `actor` (its revision says so), the detail says
 * they saved it in another tab (docs/decisions/145-a-save-goes-out-once.md).
 */
export async function checkEditable<Row extends { id: number; version: number }>(
  db: DbOrTrx,
  row: Row | undefined,
  sentVersion: number | undefined,
  answers: EditAnswers<Row>,
  actor?: Actor,
): Promise<Row> {
  if (!row) throw nothingNamed(answers.missing);
  if (sentVersion === undefined || sentVersion === row.version) return row;
  const savedBy = actor?.id == null ? null : await authorOfVersion(db, answers.kind, row.id, row.version);
  const detail = savedBy !== null && savedBy === actor?.id ? messages.editConflictYours(answers.kind) : messages.editConflict;
  throw new Refusal('stale', { detail, current: answers.toJson(row) });
}

/** The error of a `version` that is no whole number from 1 (requirements §10.6); none when it is absent. */
export const versionErrors = (version: number | undefined): FieldErrors =>
  version === undefined || isVersion(version) ? {} : { version: [messages.invalidVersion] };

/** 400 with `errors` when there are any. */
export function refuseErrors(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw invalidFields(errors);
}
