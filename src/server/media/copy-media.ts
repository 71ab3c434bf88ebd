import { WorkLine } from '../work-line';
import { isUploadOriginal } from './media-keys';
import type { ObjectStore, StoredObject } from './object-store';

export interface CopyReport {
  /** Objects written to the target. */
  copied: number;
  /** Objects the target already held with the same size. */
  skipped: number;
  /** Bytes written. */
  bytes: number;
}

/**
 * Copies every object of `from` into `to`, unless `to` already holds that key
 * with the same size, so running it again copies only what is new or changed.
 * Nothing is deleted from either side. Originals go last, as storeImage writes
 * them: a site already reading `to` never finds an original without its
 * variants. A few copies run at once; the first failure is thrown once the
 * others have finished (a second run picks up where it stopped).
 */
export async function copyMedia(from: ObjectStore, to: ObjectStore, { concurrency = 4 } = {}): Promise<CopyReport> {
  const present = new Map<string, number>();
  for await (const object of to.list()) present.set(object.key, object.size);

  const report: CopyReport = { copied: 0, skipped: 0, bytes: 0 };
  const pending: StoredObject[] = [];
  for await (const object of from.list()) {
    if (present.get(object.key) === object.size) report.skipped += 1;
    else pending.push(object);
  }

  const line = new WorkLine(concurrency);
  const copy = (objects: StoredObject[]) =>
    Promise.allSettled(
      objects.map((object) =>
        line.run(async () => {
          const bytes = await from.read(object.key);
          await to.write(object.key, bytes);
          report.copied += 1;
          report.bytes += bytes.length;
        }),
      ),
    );
  const results = [
    ...(await copy(pending.filter((object) => !isUploadOriginal(object.key)))),
    ...(await copy(pending.filter((object) => isUploadOriginal(object.key)))),
  ];
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
  return report;
}
