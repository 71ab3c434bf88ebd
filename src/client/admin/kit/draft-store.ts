/**
 * Drafts of admin forms, kept in this browser's localStorage so that nothing
 * an editor types is ever lost (docs/decisions/110). One draft per administrator, per kind of
 * record and per record (or 'new' for one not created yet):
 *
 *   draft:v1:{username}:{kind}:{id | new}
 *
 * A draft holds what the form would send: its values (as JSON) and whatever
 * else the form keeps (the publication's layout), when it was kept, and the
 * version of the record it started from. Files cannot be kept: the image
 * fields that held one are listed, so the form can say to choose them again.
 */

export interface Draft {
  /** ISO time when it was kept. */
  savedAt: string;
  /** The form's values, images that held a file set back to 'keep'. */
  values: Record<string, unknown>;
  /** What the form keeps outside its fields (the layout editor's rows). */
  extra?: unknown;
  /** The fields whose chosen file could not be kept. */
  lostFiles: string[];
  /** The version of the record the draft started from; absent for a new one. */
  baseVersion?: number;
}

const PREFIX = 'draft:v1:';

export const draftKey = (username: string, kind: ContentKind, id: number | undefined): string =>
  `${PREFIX}${encodeURIComponent(username)}:${kind}:${id ?? 'new'}`;

const userPrefix = (username: string) => `${PREFIX}${encodeURIComponent(username)}:`;

const isDraft = (value: unknown): value is Draft =>
  isRecord(value) &&
  typeof value.savedAt === 'string' &&
  !Number.isNaN(Date.parse(value.savedAt)) &&
  isRecord(value.values) &&
  Array.isArray(value.lostFiles) &&
  value.lostFiles.every((field) => typeof field === 'string') &&
  (value.baseVersion === undefined || typeof value.baseVersion === 'number');

/** The draft under `key`, or null when there is none or it cannot be read. */
export function readDraft(key: string): Draft | null {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isDraft(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * Keeps a draft; false when the browser refused it (storage full or
 * disabled), so that the form can say its work is not being kept.
 */
export function writeDraft(key: string, draft: Draft): boolean {
  try {
    localStorage.setItem(key, JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

export function removeDraft(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Storage disabled: there is nothing to remove either.
  }
}

/** The keys of this administrator's drafts. */
export function draftKeysOf(username: string): string[] {
  try {
    const prefix = userPrefix(username);
    const keys: string[] = [];
    for (let index = 0; index < localStorage.length; index += 1) {
      const key = localStorage.key(index);
      if (key?.startsWith(prefix)) keys.push(key);
    }
    return keys;
  } catch {
    return [];
  }
}

/** Removes every draft of this administrator ('Cerrar sesión' on a shared computer). */
export function removeDraftsOf(username: string): void {
  draftKeysOf(username).forEach(removeDraft);
}

/**
 * Forms that have changes not yet written (a draft is written a moment after
 * the last keystroke): each registers how to write them now. Signing out
 * writes them before counting the drafts it is about to remove.
 */
const pendingWriters = new Set<() => void>();

export function registerPendingWriter(write: () => void): () => void {
  pendingWriters.add(write);
  return () => pendingWriters.delete(write);
}

export function writePendingDrafts(): void {
  pendingWriters.forEach((write) => write());
}
import type { ContentKind } from '@/domain/content-kinds';
import { isRecord } from '@/domain/guards';
