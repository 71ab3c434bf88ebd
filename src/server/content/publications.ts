import { PUBLICATION_STATUSES, type FieldErrors, type Publication } from '@/domain/entities';
import { messages } from '@/domain/messages';
import { hasErrors, validatePublication } from '@/domain/validation';
import { readEvent, storedEvent } from '@/domain/events';
import { nowIso, siteTimeZone } from '../clock';
import { firstOrder } from '../db/ordering';
import {
  eventColumns,
  findPublication,
  updatePublication,
  insertPublication,
  type PublicationWithSection,
} from '../db/publications-repository';
import { findSection } from '../db/sections-repository';
import { sectionEntry, trashPublication } from '../db/trash-repository';
import type { DbOrTrx } from '../db/database';
import { invalidFields, conflict } from '../refusal';
import { toPublication } from '../records';
import { bringsImage, checkImageField, imageFromLibrary, storeImage, type ImageInput } from './images';
import { checkEditable } from './edit-guard';
import { readLibraryCells, readLayout } from './layout-input';
import { keepInLibrary } from './media';
import { moveToTrash, saveCreate, saveEdit } from './save';
import { required, textOf } from './text-input';
import type { KindStore, Writer } from './writer';

/** What a publication's create or edit says; absent fields stay as they are (an edit) or take their defaults (a create). */
export interface PublicationInput {
  title?: string | null;
  section_id?: string | number | null;
  status?: string | null;
  publish_date?: string | null;
  is_featured?: boolean;
  order?: number;
  version?: number;
  /** The layout: a list of rows, or its JSON text (requirements §7's multipart). */
  layout?: unknown;
  /** Its event (domain/events.ts readEvent): an object, its JSON text, or null to remove it. */
  event?: unknown;
  /** A new featured image, an uploaded one's address or a library image's id; required on create, it cannot be removed. */
  featured_image?: ImageInput;
}

export const publicationKind: KindStore<'publication', PublicationWithSection> = {
  kind: 'publication',
  missing: messages.publicationNotFound,
  find: findPublication,
  toJson: toPublication,
  restoreKeeps:
    'Recupera título, sección, diseño, imagen destacada, fecha, destacado y evento; el estado se conserva. 409 si la sección de esa versión ya no existe o está en la papelera.',
  async restore(trx, id, record, now) {
    if (!(await findSection(trx, record.section_id))) {
      const inTrash = await sectionEntry(trx, record.section_id);
      throw conflict(inTrash ? messages.revisionSectionInTrash(inTrash.label) : messages.revisionSectionGone(record.section.title));
    }
    // Through today's rules, as a save: a layout kept before a sanitiser fix comes back clean.
    const layout = readLayout(record.layout, {});
    if (!layout) throw conflict(messages.revisionLayoutInvalid);
    // The status stays: a restore never publishes or withdraws a publication by surprise.
    const row = await updatePublication(trx, id, {
      title: record.title,
      section_id: record.section_id,
      layout: JSON.stringify(layout),
      featured_image: record.featured_image,
      publish_date: record.publish_date,
      is_featured: record.is_featured ? 1 : 0,
      // A version kept before publications had events had none.
      ...eventColumns(record.event ? storedEvent(record.event) : null),
      updated_at: now,
    });
    return row && toPublication(row);
  },
};

/**
 * Checks a publication's input by the rules of requirements §5 (validatePublication);
 * `editing`: absent fields stay as they are and the featured image is optional.
 */
async function checked(db: DbOrTrx, input: PublicationInput, editing: boolean, editErrors: FieldErrors = {}) {
  const title = textOf(input.title);
  const sectionText = textOf(input.section_id);
  const status = textOf(input.status);
  const publishDate = textOf(input.publish_date);
  const layoutErrors: FieldErrors = {};
  const layout = input.layout === undefined ? undefined : readLayout(input.layout, layoutErrors);
  if (layout) await readLibraryCells(db, layout, layoutErrors);
  const eventErrors: FieldErrors = {};
  const event = readEvent(input.event, eventErrors, siteTimeZone());
  const errors = {
    ...validatePublication(
      {
        title,
        section_id: sectionText,
        status,
        publish_date: publishDate,
        order: input.order,
        hasFeaturedImage: bringsImage(input.featured_image),
      },
      { editing },
    ),
    ...layoutErrors,
    ...eventErrors,
    ...editErrors,
  };
  checkImageField(input.featured_image, 'featured_image', errors);
  let sectionId: number | undefined;
  if (sectionText && !errors.section_id) {
    sectionId = /^\d{1,9}$/.test(sectionText) ? Number(sectionText) : undefined;
    if (sectionId === undefined || !(await findSection(db, sectionId))) errors.section_id = [messages.sectionNotFound];
  }
  if (hasErrors(errors)) throw invalidFields(errors);
  return {
    title,
    sectionId,
    // validatePublication has refused any other: found, unless absent.
    status: PUBLICATION_STATUSES.find((known) => known === status),
    publishDate,
    isFeatured: input.is_featured,
    order: input.order,
    layout: layout === undefined ? undefined : JSON.stringify(layout),
    event,
  };
}

/** Creates a publication, first of its section and of the latest news (requirements §10.5) unless `order` is given. */
export async function createPublication(writer: Writer, sent: PublicationInput): Promise<Publication> {
  const { services } = writer;
  const input = { ...sent, featured_image: await imageFromLibrary(services.db, sent.featured_image) };
  const fields = await checked(services.db, input, false);
  const featuredImage = await storeImage(services.media, input.featured_image, 'featured_image');
  const now = nowIso();
  const saved = await saveCreate(writer, publicationKind, async (trx) =>
    insertPublication(trx, {
      title: required(fields.title, 'title'),
      section_id: required(fields.sectionId, 'section_id'),
      status: fields.status ?? 'draft',
      featured_image: featuredImage ?? null,
      is_featured: fields.isFeatured ? 1 : 0,
      publish_date: fields.publishDate ?? null,
      layout: fields.layout ?? '[]',
      ...eventColumns(fields.event ?? null),
      order: fields.order ?? (await firstOrder(trx, 'publications')),
      created_at: now,
      updated_at: now,
    }),
  );
  await keepInLibrary(writer, input.featured_image, saved.featured_image);
  return saved;
}

/** Edits a publication. Without a new image the stored one stays; a featured image is never removed. */
export async function editPublication(writer: Writer, id: number, sent: PublicationInput): Promise<Publication> {
  const { services } = writer;
  const input = { ...sent, featured_image: await imageFromLibrary(services.db, sent.featured_image) };
  const saved = await saveEdit(writer, publicationKind, id, input.version, {
    check: (errors) => checked(services.db, input, true, errors),
    // null (a cleared field) never removes it: only a new image replaces it.
    prepare: async () => (await storeImage(services.media, input.featured_image, 'featured_image')) ?? undefined,
    update: (trx, fields, featuredImage) =>
      updatePublication(trx, id, {
        ...(fields.title !== undefined && { title: fields.title }),
        ...(fields.sectionId !== undefined && { section_id: fields.sectionId }),
        ...(fields.status !== undefined && { status: fields.status }),
        ...(fields.publishDate !== undefined && { publish_date: fields.publishDate }),
        ...(fields.isFeatured !== undefined && { is_featured: fields.isFeatured ? 1 : 0 }),
        ...(fields.order !== undefined && { order: fields.order }),
        ...(fields.layout !== undefined && { layout: fields.layout }),
        ...(fields.event !== undefined && eventColumns(fields.event)),
        ...(featuredImage !== undefined && { featured_image: featuredImage }),
        updated_at: nowIso(),
      }),
  });
  await keepInLibrary(writer, input.featured_image, saved.featured_image);
  return saved;
}

/**
 * Moves a publication to the trash: it leaves every list and the public site.
 * With `version` (a bulk action's), only if it is still the one the person saw (409).
 */
export async function removePublication(writer: Writer, id: number, version?: number): Promise<void> {
  await moveToTrash(writer, publicationKind, id, async (trx, row) => {
    await checkEditable(trx, row, version, publicationKind, writer.actor);
    return trashPublication(trx, id, writer.actor, nowIso());
  });
}
