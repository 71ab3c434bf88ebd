import { PUBLICATION_STATUSES, type FieldErrors, type PublicationStatus, type ReorderItem } from './entities';
import { BIOGRAPHY_MAX_LENGTH } from './limits';
import { messages } from './messages';

/**
 * Field rules of SPEC §5, written once. The browser runs them before sending
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

/** SPEC §5 login: both fields, or one combined message and no request. */
export function validateLogin(input: { username: string; password: string }): string | null {
  return blank(input.username) || blank(input.password) ? messages.completeAllFields : null;
}

export interface BiographyFields {
  name?: unknown;
  position?: unknown;
  biography?: unknown;
  email?: unknown;
  linkedin?: unknown;
}

export function validateBiography(input: BiographyFields, options: RuleOptions = {}): FieldErrors {
  const errors: FieldErrors = {};
  requireFields(input as Record<string, unknown>, ['name', 'position', 'biography'], options, errors);
  if (typeof input.biography === 'string' && input.biography.length > BIOGRAPHY_MAX_LENGTH) {
    errors.biography = [messages.biographyTooLong];
  }
  if (!blank(input.email) && !isEmail(String(input.email).trim())) errors.email = [messages.invalidEmail];
  if (!blank(input.linkedin) && !isHttpUrl(String(input.linkedin).trim())) errors.linkedin = [messages.invalidUrl];
  return errors;
}

export function validateSection(input: { title?: unknown }, options: RuleOptions = {}): FieldErrors {
  const errors: FieldErrors = {};
  requireFields(input as Record<string, unknown>, ['title'], options, errors);
  return errors;
}

export interface PublicationFields {
  title?: unknown;
  section_id?: unknown;
  status?: unknown;
  publish_date?: unknown;
  /** Whether a featured image is being sent (or, when editing, already stored). */
  hasFeaturedImage: boolean;
}

/**
 * SPEC §5 publication rules. `editing` lifts the featured-image requirement;
 * it also makes absent fields unchecked (PATCH).
 */
export function validatePublication(input: PublicationFields, { editing = false }: { editing?: boolean } = {}): FieldErrors {
  const errors: FieldErrors = {};
  requireFields(input as unknown as Record<string, unknown>, ['title', 'section_id'], { partial: editing }, errors);
  if (!editing && !input.hasFeaturedImage) errors.featured_image = [messages.featuredImageRequired];
  if ((!editing || input.publish_date !== undefined) && blank(input.publish_date)) {
    errors.publish_date = [messages.publishDateRequired];
  } else if (!blank(input.publish_date) && !isIsoDate(String(input.publish_date))) {
    errors.publish_date = [messages.invalidDate];
  }
  if (input.status !== undefined && !isPublicationStatus(input.status)) errors.status = [messages.invalidStatus];
  return errors;
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.keys(errors).length > 0;
}

/** SPEC §3 reorder payload: a non-empty array of {id, order} with whole numbers and distinct ids. */
export function parseReorder(value: unknown): ReorderItem[] | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  const items: ReorderItem[] = [];
  const seen = new Set<number>();
  for (const item of value) {
    if (typeof item !== 'object' || item === null) return null;
    const { id, order } = item as Record<string, unknown>;
    if (!Number.isInteger(id) || !Number.isInteger(order) || (order as number) < 0 || seen.has(id as number)) return null;
    seen.add(id as number);
    items.push({ id: id as number, order: order as number });
  }
  return items;
}
