import zlib from 'node:zlib';
import { DOCUMENTS, type DocumentKind } from '@/domain/documents';
import { DOCUMENT_MAX_BYTES } from '@/domain/limits';
import { messages } from '@/domain/messages';

/**
 * Recognises an uploaded document by its bytes alone, never by its name or
 * the type the browser sent (docs/decisions/191-documents-recognised-by-their-content.md):
 *
 * - PDF: `%PDF-` and a version (`1.x`, `2.x`) at the very first byte.
 * - Word, Excel, PowerPoint (OOXML): a ZIP whose `[Content_Types].xml` has
 *   exactly one Override naming a main document part, of one of the three
 *   kinds, and that part is in the ZIP.
 * - OpenDocument: a ZIP whose first entry (the one at offset 0) is `mimetype`,
 *   stored, holding exactly the kind's type, with a `content.xml`.
 *
 * Refused: macro packages (any `vbaProject.bin`, a content type of .docm,
 * .xlsm or .pptm, OpenDocument with `Basic/` or `Scripts/`), any other ZIP,
 * and everything else, HTML, SVG and scripts included. The ZIP is read from
 * its central directory with every size checked against the bytes there are;
 * at most ZIP_MAX_ENTRIES entries, and only one small entry is ever inflated,
 * with a hard bound on its output, so a zip bomb is refused, not expanded.
 */
export class DocumentRejected extends Error {}

/** Most entries a document's ZIP may list: a 300-slide presentation with its media has about 2000. */
export const ZIP_MAX_ENTRIES = 10_000;
/** Largest `[Content_Types].xml` inflated (Office's are a few kilobytes). */
export const CONTENT_TYPES_MAX_BYTES = 1024 * 1024;
/** Largest `mimetype` of an OpenDocument package read (the longest allowed type is 46 bytes). */
const MIMETYPE_MAX_BYTES = 256;

/** The content type of each OOXML kind's main document part, as `[Content_Types].xml` names it. */
const OOXML_MAIN_PARTS: Record<'docx' | 'xlsx' | 'pptx', string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml',
};
const OPEN_DOCUMENT_KINDS = ['odt', 'ods', 'odp'] as const;
/** Content types of macro-enabled packages (.docm, .xlsm, .pptm and their templates) and of VBA parts. */
const MACRO_CONTENT_TYPE = /macroenabled|vbaproject|vbadata/i;

const refuse = (): never => {
  throw new DocumentRejected(messages.documentTypeNotAllowed);
};

/**
 * The kind of an uploaded document, by its content; DocumentRejected with the
 * Spanish message for anything else or anything over DOCUMENT_MAX_BYTES.
 * Synchronous and cheap: at most the ZIP's directory and 1 MiB inflated.
 */
export function recognizeDocument(bytes: Buffer): DocumentKind {
  if (bytes.length > DOCUMENT_MAX_BYTES) throw new DocumentRejected(messages.documentTooLarge);
  if (/^%PDF-[12]\.\d/.test(bytes.toString('latin1', 0, 8))) return 'pdf';
  if (bytes.length >= 4 && bytes.readUInt32LE(0) === LOCAL_HEADER) return recognizePackage(readZip(bytes));
  return refuse();
}

function recognizePackage(zip: Zip): DocumentKind {
  const names = new Set(zip.entries.map((entry) => entry.key));
  if ([...names].some((name) => name === 'vbaproject.bin' || name.endsWith('/vbaproject.bin'))) refuse();
  const contentTypes = zip.entries.find((entry) => entry.key === '[content_types].xml');
  const first = zip.entries.find((entry) => entry.localOffset === 0);
  if (first?.name === 'mimetype') {
    // Both an OpenDocument and an OOXML package: an office suite could open it as either.
    if (contentTypes) refuse();
    if (first.method !== STORED) refuse();
    const type = readEntry(zip, first, MIMETYPE_MAX_BYTES).toString('latin1');
    const kind = OPEN_DOCUMENT_KINDS.find((k) => DOCUMENTS[k].contentType === type) ?? refuse();
    if (!names.has('content.xml')) refuse();
    if ([...names].some((name) => name.startsWith('basic/') || name.startsWith('scripts/'))) refuse();
    return kind;
  }
  if (!contentTypes) return refuse();
  const xml = decodeXml(readEntry(zip, contentTypes, CONTENT_TYPES_MAX_BYTES));
  // The package format forbids a DTD here; refusing it means no entity is ever expanded.
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) refuse();
  const declarations = [...xml.matchAll(/<(?:[\w.-]+:)?(Override|Default)\b([^<>]*)>/g)].map(([, element, attributes]) => {
    const values = xmlAttributes(attributes);
    return { element, contentType: values.get('ContentType'), partName: values.get('PartName') };
  });
  if (declarations.some(({ contentType }) => MACRO_CONTENT_TYPE.test(contentType ?? ''))) refuse();
  const mains = declarations.flatMap(({ element, contentType, partName }) => {
    const type = contentType?.trim().toLowerCase();
    const kind = (Object.keys(OOXML_MAIN_PARTS) as (keyof typeof OOXML_MAIN_PARTS)[]).find((k) => OOXML_MAIN_PARTS[k] === type);
    return element === 'Override' && kind && partName ? [{ kind, part: partName }] : [];
  });
  if (mains.length !== 1) refuse();
  if (!names.has(partKey(mains[0].part))) refuse();
  return mains[0].kind;
}

/** The entry key of an OPC part name: no leading slash, percent-escapes decoded, any case. */
function partKey(partName: string): string {
  try {
    return decodeURIComponent(partName.replace(/^\//, '')).toLowerCase();
  } catch {
    return refuse();
  }
}

function decodeXml(bytes: Buffer): string {
  const encoding = bytes[0] === 0xff && bytes[1] === 0xfe ? 'utf-16le' : bytes[0] === 0xfe && bytes[1] === 0xff ? 'utf-16be' : 'utf-8';
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    return refuse();
  }
}

const XML_ENTITIES = new Map([
  ['amp', '&'],
  ['lt', '<'],
  ['gt', '>'],
  ['quot', '"'],
  ['apos', "'"],
]);

/** An element's attributes by name, their entities and character references decoded. */
function xmlAttributes(text: string): Map<string, string> {
  const attributes = new Map<string, string>();
  // Each name starts after white space, so the scan stays linear on hostile text.
  for (const [, name, double, single] of text.matchAll(/\s([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    const value = (double ?? single).replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|\w+);/gi, (reference, body: string) => {
      if (!body.startsWith('#')) return XML_ENTITIES.get(body) ?? reference;
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return code <= 0x10ffff ? String.fromCodePoint(code) : reference;
    });
    attributes.set(name, value);
  }
  return attributes;
}

// ZIP, as far as a document needs it (APPNOTE.TXT 4.3). No ZIP64 (a 20 MiB document never needs
// it), no archive split over disks, no encryption, no data before the first entry or after the end.

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_DIRECTORY = 0x06054b50;
const LOCAL_HEADER_SIZE = 30;
const CENTRAL_HEADER_SIZE = 46;
const END_OF_DIRECTORY_SIZE = 22;
const STORED = 0;
const DEFLATED = 8;

interface ZipEntry {
  name: string;
  /** The name in lower case, to compare as OPC compares part names. */
  key: string;
  rawName: Buffer;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

interface Zip {
  bytes: Buffer;
  entries: ZipEntry[];
  /** Where the central directory starts: every entry's header and data end before it. */
  directoryOffset: number;
}

/** The end of central directory record: searched from the end, its comment must end the file. */
function findEndOfDirectory(bytes: Buffer): number {
  const last = bytes.length - END_OF_DIRECTORY_SIZE;
  for (let at = last; at >= 0 && at >= last - 0xffff; at--) {
    if (bytes.readUInt32LE(at) === END_OF_DIRECTORY && at + END_OF_DIRECTORY_SIZE + bytes.readUInt16LE(at + 20) === bytes.length) return at;
  }
  return refuse();
}

function readZip(bytes: Buffer): Zip {
  const end = findEndOfDirectory(bytes);
  const disk = bytes.readUInt16LE(end + 4);
  const directoryDisk = bytes.readUInt16LE(end + 6);
  const entriesOnDisk = bytes.readUInt16LE(end + 8);
  const count = bytes.readUInt16LE(end + 10);
  const directorySize = bytes.readUInt32LE(end + 12);
  const directoryOffset = bytes.readUInt32LE(end + 16);
  if (disk !== 0 || directoryDisk !== 0 || entriesOnDisk !== count) refuse();
  // Checked before a single entry is read; 0xffff would mean a ZIP64 count, refused as well.
  if (count > ZIP_MAX_ENTRIES) refuse();
  if (directoryOffset + directorySize !== end) refuse();

  const entries: ZipEntry[] = [];
  const seen = new Set<string>();
  const offsets = new Set<number>();
  let at = directoryOffset;
  for (let i = 0; i < count; i++) {
    if (at + CENTRAL_HEADER_SIZE > end || bytes.readUInt32LE(at) !== CENTRAL_HEADER) refuse();
    const flags = bytes.readUInt16LE(at + 8);
    const nameLength = bytes.readUInt16LE(at + 28);
    const next = at + CENTRAL_HEADER_SIZE + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
    if (next > end) refuse();
    const rawName = bytes.subarray(at + CENTRAL_HEADER_SIZE, at + CENTRAL_HEADER_SIZE + nameLength);
    const name = rawName.toString('utf8');
    const entry: ZipEntry = {
      name,
      key: name.toLowerCase(),
      rawName,
      method: bytes.readUInt16LE(at + 10),
      crc: bytes.readUInt32LE(at + 16),
      compressedSize: bytes.readUInt32LE(at + 20),
      size: bytes.readUInt32LE(at + 24),
      localOffset: bytes.readUInt32LE(at + 42),
    };
    // Encrypted (bit 0, or strong encryption, bit 6); an empty name; two entries of one name, which
    // readers would resolve differently, or of one header; a header past the directory (ZIP64's too).
    if (flags & 0x41 || nameLength === 0 || seen.has(entry.key) || offsets.has(entry.localOffset)) refuse();
    if (entry.localOffset + LOCAL_HEADER_SIZE > directoryOffset) refuse();
    seen.add(entry.key);
    offsets.add(entry.localOffset);
    entries.push(entry);
    at = next;
  }
  if (at !== end) refuse();
  return { bytes, entries, directoryOffset };
}

/**
 * One entry's content, checked against its local header, its size and CRC-32.
 * Refused unread when it says it is larger than `max`; inflated with zlib's
 * maxOutputLength at `max`, so one that lies about its size stops there.
 */
function readEntry({ bytes, directoryOffset }: Zip, entry: ZipEntry, max: number): Buffer {
  if (entry.size > max) refuse();
  const at = entry.localOffset;
  if (bytes.readUInt32LE(at) !== LOCAL_HEADER) refuse();
  const nameLength = bytes.readUInt16LE(at + 26);
  const start = at + LOCAL_HEADER_SIZE + nameLength + bytes.readUInt16LE(at + 28);
  if (start > directoryOffset || !bytes.subarray(at + LOCAL_HEADER_SIZE, at + LOCAL_HEADER_SIZE + nameLength).equals(entry.rawName))
    refuse();
  if (entry.compressedSize > directoryOffset - start) refuse();
  const data = bytes.subarray(start, start + entry.compressedSize);
  let content: Buffer;
  if (entry.method === STORED) {
    content = data;
  } else if (entry.method === DEFLATED) {
    try {
      content = zlib.inflateRawSync(data, { maxOutputLength: max });
    } catch {
      return refuse();
    }
  } else {
    return refuse();
  }
  if (content.length !== entry.size || zlib.crc32(content) !== entry.crc) refuse();
  return content;
}
