import zlib from 'node:zlib';

/**
 * Documents made in the test, byte by byte: a PDF, ZIPs written by a small
 * writer of stored and deflated entries, the packages of Word, Excel,
 * PowerPoint and OpenDocument, and a deflate stream that expands a thousand
 * times over (a zip bomb's content), made in milliseconds.
 */

export interface ZipMember {
  name: string;
  content?: string | Buffer;
  /** How the content is written: deflated (the default) or stored. */
  method?: 'deflate' | 'store';
  /** Data already deflated, written as is, and the size and CRC-32 the headers claim for it (which may be a lie). */
  deflated?: { data: Buffer; size: number; crc: number };
}

export interface ZipOptions {
  /** Bytes before the first entry (a self-extracting stub, say). */
  prefix?: Buffer;
  /** The archive's comment, after the end of central directory record. */
  comment?: string;
}

/** A ZIP of the members, in order, with a central directory and no ZIP64. */
export function zip(members: ZipMember[], { prefix = Buffer.alloc(0), comment = '' }: ZipOptions = {}): Buffer {
  const locals: Buffer[] = [prefix];
  const centrals: Buffer[] = [];
  let offset = prefix.length;
  for (const member of members) {
    const name = Buffer.from(member.name, 'utf8');
    const content = Buffer.from(member.content ?? '');
    const stored = member.method === 'store' && !member.deflated;
    const data = member.deflated?.data ?? (stored ? content : zlib.deflateRawSync(content));
    const size = member.deflated?.size ?? content.length;
    const crc = member.deflated?.crc ?? zlib.crc32(content);
    const fields = (header: Buffer, at: number) => {
      header.writeUInt16LE(0x0800, at); // names in UTF-8
      header.writeUInt16LE(stored ? 0 : 8, at + 2);
      header.writeUInt16LE(0, at + 4); // 00:00
      header.writeUInt16LE(0x21, at + 6); // 1980-01-01
      header.writeUInt32LE(crc, at + 8);
      header.writeUInt32LE(data.length, at + 12);
      header.writeUInt32LE(size, at + 16);
      header.writeUInt16LE(name.length, at + 20);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    fields(local, 6);
    locals.push(local, name, data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    fields(central, 8);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const commentBytes = Buffer.from(comment, 'utf8');
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(members.length, 8);
  end.writeUInt16LE(members.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  end.writeUInt16LE(commentBytes.length, 20);
  return Buffer.concat([...locals, directory, end, commentBytes]);
}

/** A small PDF 1.4 with one empty A4 page, its cross-reference table at the right offsets. */
export function pdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
  ];
  let text = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets = objects.map((body, i) => {
    const at = Buffer.byteLength(text, 'latin1');
    text += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = Buffer.byteLength(text, 'latin1');
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  text += offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`).join('');
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(text, 'latin1');
}

export type OfficeKind = 'docx' | 'xlsx' | 'pptx';
export type OpenDocumentKind = 'odt' | 'ods' | 'odp';

const OFFICE = 'application/vnd.openxmlformats-officedocument';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** The main part of each OOXML kind: where it lives, its content type, and a body with nothing in it. */
export const OFFICE_MAIN: Record<OfficeKind, { part: string; contentType: string; xml: string }> = {
  docx: {
    part: '/word/document.xml',
    contentType: `${OFFICE}.wordprocessingml.document.main+xml`,
    xml: '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p/></w:body></w:document>',
  },
  xlsx: {
    part: '/xl/workbook.xml',
    contentType: `${OFFICE}.spreadsheetml.sheet.main+xml`,
    xml: `<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${RELATIONSHIPS}"><sheets><sheet name="Hoja1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  },
  pptx: {
    part: '/ppt/presentation.xml',
    contentType: `${OFFICE}.presentationml.presentation.main+xml`,
    xml: '<p:presentation xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"/>',
  },
};

/** `[Content_Types].xml` with the two usual defaults and the given Overrides; `padding` adds white space before the end. */
export function contentTypes(overrides: { part: string; contentType: string }[], padding = 0): string {
  const head =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    overrides.map(({ part, contentType }) => `<Override PartName="${part}" ContentType="${contentType}"/>`).join('');
  const tail = '</Types>';
  return head + ' '.repeat(Math.max(0, padding - Buffer.byteLength(head + tail))) + tail;
}

/**
 * The parts of a Word, Excel or PowerPoint package: `[Content_Types].xml`
 * (replaceable), the package's relationships and the main part (an Excel
 * workbook with its one sheet). Enough for recognition, which reads no more.
 */
export function officeMembers(kind: OfficeKind, contentTypesXml?: string): ZipMember[] {
  const main = OFFICE_MAIN[kind];
  const overrides = [{ part: main.part, contentType: main.contentType }];
  const members: ZipMember[] = [
    { name: '_rels/.rels', content: relationships([[`${RELATIONSHIPS}/officeDocument`, main.part.slice(1)]]) },
    { name: main.part.slice(1), content: main.xml },
  ];
  if (kind === 'xlsx') {
    overrides.push({ part: '/xl/worksheets/sheet1.xml', contentType: `${OFFICE}.spreadsheetml.worksheet+xml` });
    members.push(
      { name: 'xl/_rels/workbook.xml.rels', content: relationships([[`${RELATIONSHIPS}/worksheet`, 'worksheets/sheet1.xml']]) },
      {
        name: 'xl/worksheets/sheet1.xml',
        content: '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData/></worksheet>',
      },
    );
  }
  return [{ name: '[Content_Types].xml', content: contentTypesXml ?? contentTypes(overrides) }, ...members];
}

function relationships(targets: [type: string, target: string][]): string {
  const items = targets.map(([type, target], i) => `<Relationship Id="rId${i + 1}" Type="${type}" Target="${target}"/>`).join('');
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">${items}</Relationships>`;
}

export const OPEN_DOCUMENT_TYPES: Record<OpenDocumentKind, string> = {
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
};

/** The parts of an OpenDocument package: `mimetype` first and stored, holding `type`; content and manifest. */
export function openDocumentMembers(type: string): ZipMember[] {
  const office = 'urn:oasis:names:tc:opendocument:xmlns:office:1.0';
  const manifest = 'urn:oasis:names:tc:opendocument:xmlns:manifest:1.0';
  return [
    { name: 'mimetype', content: type, method: 'store' },
    {
      name: 'content.xml',
      content: `<?xml version="1.0" encoding="UTF-8"?>\n<office:document-content xmlns:office="${office}" office:version="1.3"/>`,
    },
    {
      name: 'META-INF/manifest.xml',
      content:
        `<?xml version="1.0" encoding="UTF-8"?>\n<manifest:manifest xmlns:manifest="${manifest}" manifest:version="1.3">` +
        `<manifest:file-entry manifest:full-path="/" manifest:media-type="${type}"/>` +
        '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>',
    },
  ];
}

/**
 * Raw deflate data that inflates to `mebibytes` MiB of zeros, at about a
 * thousand to one: the same independent MiB block (ending in a full flush,
 * so it needs nothing before it) repeated, then an empty final block.
 */
export function deflatedZeros(mebibytes: number): Buffer {
  const block = zlib.deflateRawSync(Buffer.alloc(1024 * 1024), { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH });
  return Buffer.concat([...Array.from({ length: mebibytes }, () => block), Buffer.from([0x03, 0x00])]);
}
