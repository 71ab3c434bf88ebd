import type { Kysely } from 'kysely';
import { nowIso } from '../../clock';
import { adoptImagesInUse } from '../media-adoption';

// The media library starts full (docs/decisions/192): every image content already uses becomes
// one of its items, from the database alone (this also runs inside the restore of an older
// backup, which must not read a bucket). Their sizes and dimensions come later, from storage,
// by the upkeep (upkeep/media-facts.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await adoptImagesInUse(db, nowIso());
}
