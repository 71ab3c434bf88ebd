import { isOneOf, isRecord } from './guards';
import { PUBLICATION_STATUSES, type FieldErrors, type Layout, type PublicationStatus, type ReorderItem } from './entities';
import { BIOGRAPHY_MAX_LENGTH, FIELD_LIMITS, ORDER_MAX, ORDER_MIN, REORDER_MAX_ITEMS } from './limits';
import type { LayoutProblem } from './layout';
import { DOCUMENT_URL_PREFIX } from './documents';
import { MEDIA_LIMITS } from './media';
import { messages } from './messages';
import { isListOrder } from './list-order';

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

// Generic over the field names, so that a form's own interface (BiographyFields…) is the input as it is.
function requireFields<F extends string>(
  input: Partial<Record<F, unknown>>,
  fields: readonly F[],
  { partial }: RuleOptions,
  errors: FieldErrors,
): void {
  for (const field of fields) {
    if (partial && input[field] === undefined) continue;
    if (blank(input[field])) errors[field] = [messages.required];
  }
}

/** Records DRF's max_length message for a text longer than `max` (a field already in error keeps its first message). */
function limitLength<F extends string>(
  input: Partial<Record<F, unknown>>,
  field: F,
  max: number,
  errors: FieldErrors,
  message = messages.tooLong(max),
): void {
  const value = input[field];
  if (!errors[field] && typeof value === 'string' && value.length > max) errors[field] = [message];
}

/** Whether `value` is a whole number from `min` to `max`, both included. */
export const isWholeNumberBetween = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/** `order` as the database stores it: a whole number within 32 bits. */
export const isOrder = (value: unknown): value is number => isWholeNumberBetween(value, ORDER_MIN, ORDER_MAX);

function checkOrder(input: { order?: unknown }, errors: FieldErrors): void {
  if (input.order !== undefined && !errors.order && !isOrder(input.order)) errors.order = [messages.orderOutOfRange];
}

/** A row id: ids are 32-bit serials on both databases. */
export const isId = (value: unknown): value is number => isWholeNumberBetween(value, 1, ORDER_MAX);

/** The `version` an edit started from (requirements §10.6): a whole number from 1. */
export const isVersion = (value: unknown): value is number => isWholeNumberBetween(value, 1, Number.MAX_SAFE_INTEGER);

// The same pattern as <input type="email"> in browsers (WHATWG HTML).
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

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

function isPublicationStatus(value: unknown): value is PublicationStatus {
  return isOneOf(PUBLICATION_STATUSES, value);
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
  requireFields(input, ['name', 'position', 'biography'], options, errors);
  limitLength(input, 'name', FIELD_LIMITS.name, errors);
  limitLength(input, 'position', FIELD_LIMITS.position, errors);
  limitLength(input, 'biography', BIOGRAPHY_MAX_LENGTH, errors, messages.biographyTooLong);
  limitLength(input, 'email', FIELD_LIMITS.email, errors);
  limitLength(input, 'linkedin', FIELD_LIMITS.url, errors);
  if (!errors.email && !blank(input.email) && !isEmail(String(input.email).trim())) errors.email = [messages.invalidEmail];
  if (!errors.linkedin && !blank(input.linkedin) && !isHttpUrl(String(input.linkedin).trim())) errors.linkedin = [messages.invalidUrl];
  checkOrder(input, errors);
  return errors;
}

export function validateSection(input: { title?: unknown; order?: unknown; list_order?: unknown }, options: RuleOptions = {}): FieldErrors {
  const errors: FieldErrors = {};
  requireFields(input, ['title'], options, errors);
  limitLength(input, 'title', FIELD_LIMITS.sectionTitle, errors);
  checkOrder(input, errors);
  if (input.list_order !== undefined && !isListOrder(input.list_order)) errors.list_order = [messages.invalidListOrder];
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
  requireFields(input, ['title', 'section_id'], { partial: editing }, errors);
  limitLength(input, 'title', FIELD_LIMITS.publicationTitle, errors);
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

// Attributes whose value is an address (srcset: a list of them), quoted either way or not at all.
const URL_ATTRIBUTE = /\b(?:src|href|srcset|poster|data|action|formaction|background|cite)\s*=\s*("[^"]*"|'[^']*'|[^\s"'>]+)/gi;
const STYLE_ATTRIBUTE = /\bstyle\s*=\s*("[^"]*"|'[^']*'|[^\s"'>]+)/gi;
const NAMED_REFERENCES: Record<string, string> = { colon: ':', tab: '\t', newline: '\n', comma: ',', lpar: '(', quot: '"', apos: "'" };

/**
 * An attribute's value as a browser reads it: character references decoded
 * (`&#100;ata:` is `data:`), then the tabs and line breaks that URL parsers
 * drop anywhere in an address removed (`da&#9;ta:` is `data:` too).
 */
function attributeValue(raw: string): string {
  const unquoted = /^["']/.test(raw) ? raw.slice(1, -1) : raw;
  return unquoted
    .replace(/&#x([0-9a-f]+);?|&#(\d+);?|&([a-z]+);/gi, (whole, hex: string, dec: string, name: string) => {
      if (name) return NAMED_REFERENCES[name.toLowerCase()] ?? whole;
      const code = Number.parseInt(hex ?? dec, hex ? 16 : 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    })
    .replace(/[\t\n\r]/g, '');
}

/** The text without leading code points up to U+0020 (spaces and control characters), as a URL parser reads it. */
function trimControls(text: string): string {
  let start = 0;
  while (start < text.length && text.charCodeAt(start) <= 0x20) start++;
  return text.slice(start);
}

/**
 * Whether rich text carries an image (or anything) inline as a data: URI
 * instead of an uploaded file's address: in an address attribute (any
 * candidate of a srcset) or in a style's url(), however it is quoted, spaced
 * or written with character references. Plain text that mentions "data:" is fine.
 */
export function hasDataUri(html: string): boolean {
  for (const [, raw] of html.matchAll(URL_ATTRIBUTE)) {
    // URL parsers also drop leading spaces and control characters (code points up to U+0020).
    const candidates = attributeValue(raw).split(',');
    if (candidates.some((candidate) => /^data:/i.test(trimControls(candidate)))) return true;
  }
  for (const [, raw] of html.matchAll(STYLE_ATTRIBUTE)) {
    if (/url\(\s*["']?\s*data:/i.test(attributeValue(raw))) return true;
  }
  return false;
}

/** An address an image or video cell may point at: http(s), or (images) a path on this host. */
export function isSafeCellUrl(value: string, { allowHostRelative }: { allowHostRelative: boolean }): boolean {
  if (value === '') return true;
  if (allowHostRelative && value.startsWith('/') && !value.startsWith('//')) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * The size and content rules of a layout whose shape is already sound
 * (domain/layout.ts parseLayout): at most 200 rows, text cells without data:
 * URIs and up to 100,000 characters, cell addresses up to 2,048 characters
 * and safe (isSafeCellUrl). Answers the first problem with the row and cell
 * it is in (layoutErrorText words it), or null.
 */
export function checkLayoutCells(layout: Layout): LayoutProblem | null {
  if (layout.length > FIELD_LIMITS.layoutRows) return { path: 'layout', message: messages.layoutTooManyRows };
  for (const [row, { cells }] of layout.entries()) {
    for (const [cell, { type, content, title }] of cells.entries()) {
      const problem = (message: string): LayoutProblem => ({ path: `layout[${row}].cells[${cell}].content`, message, row, cell });
      if (type === 'text') {
        // data: first: a pasted image is what usually makes a cell too long, and this message says what to do.
        if (hasDataUri(content)) return problem(messages.richTextDataUri);
        if (content.length > FIELD_LIMITS.textCell) return problem(messages.textCellTooLong);
      } else {
        const address = content.trim();
        if (address.length > FIELD_LIMITS.url) return problem(messages.cellUrlTooLong);
        // A document cell points at the library, nowhere else: the server then checks the item is there.
        if (type === 'document' && address !== '' && !address.startsWith(DOCUMENT_URL_PREFIX))
          return problem(messages.documentNotInLibrary);
        if (!isSafeCellUrl(address, { allowHostRelative: type !== 'video' })) return problem(messages.invalidUrl);
        if ((title?.length ?? 0) > MEDIA_LIMITS.title) return problem(messages.tooLong(MEDIA_LIMITS.title));
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
    if (!isRecord(item)) return invalid;
    const { id, order } = item;
    if (!isId(id) || !isOrder(order) || order < 0 || seen.has(id)) return invalid;
    seen.add(id);
    items.push({ id: id, order });
  }
  return { items };
}
