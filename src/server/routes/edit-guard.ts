import { editConflict, type ApiError } from '../http/api-error';

/**
 * The check of an edit (requirements §10.6): the record exists,
 * and when the caller sent the `version` it started from, that is still the
 * stored one; else 409 with the record as GET /{id}/ answers it. Routes run it
 * before costly work (storing an upload) and again inside writeContent, under
 * the write lock, where it decides: two saves from one version cannot both win.
 */
export function checkEditable<Row extends { version: number }>(
  row: Row | undefined,
  sentVersion: number | undefined,
  answers: { notFound: () => ApiError; toJson: (row: Row) => unknown },
): Row {
  if (!row) throw answers.notFound();
  if (sentVersion !== undefined && sentVersion !== row.version) throw editConflict(answers.toJson(row));
  return row;
}
