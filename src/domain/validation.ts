import { PUBLICATION_STATUSES, type FieldErrors, type Layout, type PublicationStatus, type ReorderItem } from './entities';
import { BIOGRAPHY_MAX_LENGTH, FIELD_LIMITS, ORDER_MAX, ORDER_MIN, REORDER_MAX_ITEMS } from './limits';
import { messages } from './messages';

/**
 * Field rules of requirements §5, written once. The browser runs them before sending
 * (for comfort) and the server runs them again (for safety). Each validator
 * takes what a form or a multipart body holds and answers field errors in
 * Django REST Framework's shape; an empty object means valid.
 *
 * `partial` is for PATCH: absent fields are not checked, present ones are.
 */
export interface RuleOptions {
  partial?: boolean;
}

const blank = (value: unknown): boolean => value === undefined || value === null || String(value).trim() === '';

function requireFields(input: Record<string, unknown>, fields: string[], { partial }: RuleOptions, errors: FieldErrors): void {
  for (const field of fields) {
    if (partial && input[field] === undefined) continue;
    if (blank(input[field])) errors[field] = [messages.required];
  }
}

/** Records DRF's max_length message for a text longer than `max` (a field already in error keeps its first message). */
function limitLength(input: Record<string, unknown>, field: string, max: number, errors: FieldErrors, message = messages.tooLong(max)): void {
  const value = input[field];
  if (!errors[field] && typeof value === 'string' && value.length > max) errors[field] = [message];
}

/** `order` as the database stores it: a whole number within 32 bits. */
export function isOrder(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= ORDER_MIN && (value as number) <= ORDER_MAX;
}

function checkOrder(input: { order?: unknown }, errors: FieldErrors): void {
  if (input.order !== undefined && !errors.order && !isOrder(input.order)) errors.order = [messages.orderOutOfRange];
}

/** A row id: ids are 32-bit serials on both databases. */
export function isId(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= ORDER_MAX;
}

/** The `version` an edit started from (requirements §10.6): a whole number from 1. */
export function isVersion(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= Number.MAX_SAFE_INTEGER;
}

// The same pattern as <input type="email"> in browsers (WHATWG HTML).
const EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export function isEmail(value: string): boolean {
  return EMAIL.test(value);
}

/** An absolute http(s) address, as <input type="url"> would accept for a web link. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** A real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** 'true'/'false' as multipart sends them, or real booleans; undefined when neither. */
export function parseBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === '1' || value === 'on') return true;
  if (value === 'false' || value === '0' || value === 'off') return false;
  return undefined;
}

export function isPublicationStatus(value: unknown): value is PublicationStatus {
  return typeof value === 'string' && (PUBLICATION_STATUSES as readonly string[]).includes(value);
}

/** requirements §5 login: both fields, or one combined message and no request. */
export function validateLogin(input: { username: string; password: string }): string | null {
  return blank(input.username) || blank(input.password) ? messages.completeAllFields : null;
}

export interface BiographyFields {
  name?: unknown;
  position?: unknown;
  biography?: unknown;
  email?: unknown;
  linkedin?: unknown;
  order?: unknown;
}

export function validateBiography(input: BiographyFields, options: RuleOptions = {}): FieldErrors {
  const errors: FieldErrors = {};
  const fields = input as Record<string, unknown>;
  requireFields(fields, ['name', 'position', 'biography'], options, errors);
  limitLength(fields, 'name', FIELD_LIMITS.name, errors);
  limitLength(fields, 'position', FIELD_LIMITS.position, errors);
  limitLength(fields, 'biography', BIOGRAPHY_MAX_LENGTH, errors, messages.biographyTooLong);
  limitLength(fields, 'email', FIELD_LIMITS.email, errors);
  limitLength(fields, 'linkedin', FIELD_LIMITS.url, errors);
  if (!errors.email && !blank(input.email) && !isEmail(String(input.email).trim())) errors.email = [messages.invalidEmail];
  if (!errors.linkedin && !blank(input.linkedin) && !isHttpUrl(String(input.linkedin).trim())) errors.linkedin = [messages.invalidUrl];
  checkOrder(input, errors);
  return errors;
}

export function validateSection(input: { title?: unknown; order?: unknown }, options: RuleOptions = {}): FieldErrors {
  const errors: FieldErrors = {};
  requireFields(input as Record<string, unknown>, ['title'], options, errors);
  limitLength(input as Record<string, unknown>, 'title', FIELD_LIMITS.sectionTitle, errors);
  checkOrder(input, errors);
  return errors;
}

export interface PublicationFields {
  title?: unknown;
  section_id?: unknown;
  status?: unknown;
  publish_date?: unknown;
  order?: unknown;
  /** Whether a featured image is being sent (or, when editing, already stored). */
  hasFeaturedImage: boolean;
}

/**
 * requirements §5 publication rules. `editing` lifts the featured-image requirement;
 * it also makes absent fields unchecked (PATCH).
 */
export function validatePublication(input: PublicationFields, { editing = false }: { editing?: boolean } = {}): FieldErrors {
  const errors: FieldErrors = {};
  requireFields(input as unknown as Record<string, unknown>, ['title', 'section_id'], { partial: editing }, errors);
  limitLength(input as unknown as Record<string, unknown>, 'title', FIELD_LIMITS.publicationTitle, errors);
  if (!editing && !input.hasFeaturedImage) errors.featured_image = [messages.featuredImageRequired];
  if ((!editing || input.publish_date !== undefined) && blank(input.publish_date)) {
    errors.publish_date = [messages.publishDateRequired];
  } else if (!blank(input.publish_date) && !isIsoDate(String(input.publish_date))) {
    errors.publish_date = [messages.invalidDate];
  }
  if (input.status !== undefined && !isPublicationStatus(input.status)) errors.status = [messages.invalidStatus];
  checkOrder(input, errors);
  return errors;
}

// A data: address in an attribute, however the editor quoted or spaced it.
const DATA_URI_ATTRIBUTE = /\b(?:src|href|srcset|poster|data)\s*=\s*["']?\s*data:/i;

/** Whether rich text carries an image (or anything) inline as a data: URI instead of an uploaded file's address. */
export function hasDataUri(html: string): boolean {
  return DATA_URI_ATTRIBUTE.test(html);
}

/**
 * The size and content limits of a layout whose shape is already sound
 * (domain/layout.ts parseLayout): at most 200 rows, text cells up to 100,000
 * characters and without data: URIs, cell addresses up to 2,048 characters.
 * Answers the message for the layout field, or null.
 */
export function checkLayoutLimits(layout: Layout): string | null {
  if (layout.length > FIELD_LIMITS.layoutRows) return messages.layoutTooManyRows;
  for (const row of layout) {
    for (const cell of row.cells) {
      if (cell.type === 'text') {
        if (cell.content.length > FIELD_LIMITS.textCell) return messages.textCellTooLong;
        if (hasDataUri(cell.content)) return messages.richTextDataUri;
      } else if (cell.content.trim().length > FIELD_LIMITS.url) {
        return messages.cellUrlTooLong;
      }
    }
  }
  return null;
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.keys(errors).length > 0;
}

/**
 * requirements §3 reorder payload: a non-empty array of {id, order}, `order` being
 * the zero-based position in the view the administrator reordered; whole
 * numbers, distinct ids, at most 1000 items (requirements §10 "Ordering and
 * slugs"). Answers the items, or the message saying what is wrong.
 */
export function parseReorder(value: unknown): { items: ReorderItem[] } | { problem: string } {
  const invalid = { problem: messages.reorderInvalid };
  if (!Array.isArray(value) || value.length === 0) return invalid;
  if (value.length > REORDER_MAX_ITEMS) return { problem: messages.reorderTooMany };
  const items: ReorderItem[] = [];
  const seen = new Set<number>();
  for (const item of value) {
    if (typeof item !== 'object' || item === null) return invalid;
    const { id, order } = item as Record<string, unknown>;
    if (!isId(id) || !isOrder(order) || order < 0 || seen.has(id as number)) return invalid;
    seen.add(id as number);
    items.push({ id: id as number, order });
  }
  return { items };
}
