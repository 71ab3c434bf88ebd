import type { FieldErrors, Section } from '@/domain/entities';
import { DEFAULT_LIST_ORDER, type ListOrder } from '@/domain/list-order';
import { messages } from '@/domain/messages';
import { slugify, uniqueSlug } from '@/domain/slug';
import { hasErrors, validateSection } from '@/domain/validation';
import { nowIso } from '../clock';
import { nextOrder } from '../db/ordering';
import { countPublicationsInSection } from '../db/publications-repository';
import type { SectionRow } from '../db/schema';
import { findSection, insertSection, slugsLike, updateSection } from '../db/sections-repository';
import { trashSection } from '../db/trash-repository';
import { invalidFields, conflict } from '../refusal';
import { toSection } from '../records';
import { moveToTrash, saveCreate, saveEdit } from './save';
import { required, textOf } from './text-input';
import type { KindStore, Writer } from './writer';

/** What a section's create or edit says; absent fields stay as they are (an edit) or take their defaults (a create). */
export interface SectionInput {
  title?: string | null;
  is_active?: boolean;
  list_order?: ListOrder;
  order?: number;
  /** The version an edit started from (409 if another save came first). */
  version?: number;
}

export const sectionKind: KindStore<'section', SectionRow> = {
  kind: 'section',
  missing: messages.sectionNotFoundDetail,
  find: findSection,
  toJson: toSection,
  // The slug never changes (public addresses stay), nor whether the section is visible.
  restoreKeeps: 'Recupera el título y el orden de la lista; la dirección (slug) y la visibilidad se conservan.',
  async restore(trx, id, record, now) {
    const row = await updateSection(trx, id, {
      title: record.title,
      // A version saved before the choice existed has none: the order stays as it is.
      ...(record.list_order !== undefined && { list_order: record.list_order }),
      updated_at: now,
    });
    return row && toSection(row);
  },
};

function checked(input: SectionInput, partial: boolean, editErrors: FieldErrors = {}) {
  const fields = { title: textOf(input.title), is_active: input.is_active, list_order: input.list_order, order: input.order };
  const errors = { ...validateSection(fields, { partial }), ...editErrors };
  if (hasErrors(errors)) throw invalidFields(errors);
  return fields;
}

/** Creates a section at the end of the list; its slug is made once, from its title, unique among the sections. */
export async function createSection(writer: Writer, input: SectionInput): Promise<Section> {
  const { title: sent, is_active, list_order, order } = checked(input, false);
  const title = required(sent, 'title');
  return saveCreate(writer, sectionKind, async (trx) => {
    const base = slugify(title);
    const now = nowIso();
    return insertSection(trx, {
      title,
      slug: uniqueSlug(base, await slugsLike(trx, base)),
      is_active: is_active === false ? 0 : 1,
      list_order: list_order ?? DEFAULT_LIST_ORDER,
      order: order ?? (await nextOrder(trx, 'sections')),
      created_at: now,
      updated_at: now,
    });
  });
}

/** Edits a section (the slug stays). */
export async function editSection(writer: Writer, id: number, input: SectionInput): Promise<Section> {
  return saveEdit(writer, sectionKind, id, input.version, {
    check: async (errors) => checked(input, true, errors),
    update: (trx, { title, is_active, list_order, order }) =>
      updateSection(trx, id, {
        ...(title !== undefined && { title }),
        ...(is_active !== undefined && { is_active: is_active ? 1 : 0 }),
        ...(list_order !== undefined && { list_order }),
        ...(order !== undefined && { order }),
        updated_at: nowIso(),
      }),
  });
}

/**
 * Moves a section to the trash. A section with publications goes only with a
 * confirmation of exactly how many there are now (`withPublications`),
 * counted under the write lock: a confirmation given for 3 never deletes 4;
 * else 409 with the count.
 */
export async function removeSection(writer: Writer, id: number, withPublications: number | undefined): Promise<void> {
  await moveToTrash(writer, sectionKind, id, async (trx, section) => {
    const count = await countPublicationsInSection(trx, id);
    if (count > 0 && withPublications !== count) {
      throw conflict(messages.sectionHasPublications(count), { publication_count: count });
    }
    await trashSection(trx, section, writer.actor, nowIso());
    return true;
  });
}
