import type { Biography, FieldErrors } from '@/domain/entities';
import { NEW_BIOGRAPHY_DEFAULT_ORDER } from '@/domain/limits';
import { messages } from '@/domain/messages';
import { hasErrors, validateBiography } from '@/domain/validation';
import { nowIso } from '../clock';
import { findBiography, insertBiography, updateBiography } from '../db/biographies-repository';
import type { BiographyRow } from '../db/schema';
import { trashBiography } from '../db/trash-repository';
import { invalidFields } from '../refusal';
import { toBiography } from '../records';
import { checkImageField, imageFromLibrary, storeImage, type ImageInput } from './images';
import { keepInLibrary } from './media';
import { moveToTrash, saveCreate, saveEdit } from './save';
import { required, textOf } from './text-input';
import type { KindStore, Writer } from './writer';

/** What a biography's create or edit says; absent fields stay as they are (an edit) or take their defaults (a create). */
export interface BiographyInput {
  name?: string | null;
  position?: string | null;
  biography?: string | null;
  email?: string | null;
  linkedin?: string | null;
  is_active?: boolean;
  order?: number;
  version?: number;
  /** A new photo, an uploaded one's address, or null to remove it; absent: the stored photo stays. */
  photo?: ImageInput;
}

export const biographyKind: KindStore<'biography', BiographyRow> = {
  kind: 'biography',
  missing: messages.biographyNotFound,
  find: findBiography,
  toJson: toBiography,
  // Whether the biography is shown stays as it is now.
  restoreKeeps: 'Recupera nombre, cargo, biografía, email, web y foto; si está activa se conserva.',
  async restore(trx, id, record, now) {
    const row = await updateBiography(trx, id, {
      name: record.name,
      position: record.position,
      biography: record.biography,
      email: record.email,
      linkedin: record.linkedin,
      photo: record.photo,
      updated_at: now,
    });
    return row && toBiography(row);
  },
};

function checked(input: BiographyInput, partial: boolean, editErrors: FieldErrors = {}) {
  const fields = {
    name: textOf(input.name),
    position: textOf(input.position),
    biography: textOf(input.biography),
    email: textOf(input.email),
    linkedin: textOf(input.linkedin),
    is_active: input.is_active,
    order: input.order,
  };
  const errors = { ...validateBiography(fields, { partial }), ...editErrors };
  checkImageField(input.photo, 'photo', errors);
  if (hasErrors(errors)) throw invalidFields(errors);
  return fields;
}

/** Creates a biography (order NEW_BIOGRAPHY_DEFAULT_ORDER unless given); the photo is stored once nothing else can refuse it. */
export async function createBiography(writer: Writer, sent: BiographyInput): Promise<Biography> {
  const input = { ...sent, photo: await imageFromLibrary(writer.services.db, sent.photo) };
  const fields = checked(input, false);
  const photo = await storeImage(writer.services.media, input.photo, 'photo');
  const now = nowIso();
  const saved = await saveCreate(writer, biographyKind, (trx) =>
    insertBiography(trx, {
      name: required(fields.name, 'name'),
      position: required(fields.position, 'position'),
      biography: required(fields.biography, 'biography'),
      email: fields.email ?? '',
      linkedin: fields.linkedin ?? '',
      photo: photo ?? null,
      is_active: fields.is_active === false ? 0 : 1,
      order: fields.order ?? NEW_BIOGRAPHY_DEFAULT_ORDER,
      created_at: now,
      updated_at: now,
    }),
  );
  await keepInLibrary(writer, input.photo, saved.photo);
  return saved;
}

const TEXT_FIELDS = ['name', 'position', 'biography', 'email', 'linkedin'] as const;

/** Edits a biography. Without a photo the stored one stays (requirements §7 sends the file only when it changes); null removes it (requirements §10.6). */
export async function editBiography(writer: Writer, id: number, sent: BiographyInput): Promise<Biography> {
  const input = { ...sent, photo: await imageFromLibrary(writer.services.db, sent.photo) };
  const saved = await saveEdit(writer, biographyKind, id, input.version, {
    check: async (errors) => checked(input, true, errors),
    prepare: () => storeImage(writer.services.media, input.photo, 'photo'),
    update: (trx, fields, photo) =>
      updateBiography(trx, id, {
        ...Object.fromEntries(TEXT_FIELDS.filter((field) => fields[field] !== undefined).map((field) => [field, fields[field]])),
        ...(fields.is_active !== undefined && { is_active: fields.is_active ? 1 : 0 }),
        ...(fields.order !== undefined && { order: fields.order }),
        ...(photo !== undefined && { photo }),
        updated_at: nowIso(),
      }),
  });
  await keepInLibrary(writer, input.photo, saved.photo);
  return saved;
}

/** Moves a biography to the trash. */
export async function removeBiography(writer: Writer, id: number): Promise<void> {
  await moveToTrash(writer, biographyKind, id, (trx) => trashBiography(trx, id, writer.actor, nowIso()));
}
