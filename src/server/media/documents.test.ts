import zlib from 'node:zlib';
import fc from 'fast-check';
import { DOCUMENT_MAX_BYTES } from '@/domain/limits';
import {
  OFFICE_MAIN,
  OPEN_DOCUMENT_TYPES,
  contentTypes,
  deflatedZeros,
  officeMembers,
  openDocumentMembers,
  pdf,
  zip,
  type OfficeKind,
  type OpenDocumentKind,
  type ZipMember,
} from '../../../test/helpers/crafted-documents';
import { CONTENT_TYPES_MAX_BYTES, DocumentRejected, ZIP_MAX_ENTRIES, recognizeDocument } from './documents';

const NOT_ALLOWED = 'Tipo de archivo no permitido. Use PDF, Word, Excel, PowerPoint u OpenDocument.';
const TOO_LARGE = 'El documento no puede superar los 20 MB.';

/** What a caller sees: the kind, or the refusal's message. Any other error fails the test. */
function outcome(bytes: Buffer): string {
  try {
    return recognizeDocument(bytes);
  } catch (error) {
    if (error instanceof DocumentRejected) return error.message;
    throw error;
  }
}

const OFFICE_KINDS: OfficeKind[] = ['docx', 'xlsx', 'pptx'];
const OPEN_DOCUMENT_KINDS: OpenDocumentKind[] = ['odt', 'ods', 'odp'];
const docx = (extra: ZipMember[] = []) => zip([...officeMembers('docx'), ...extra]);
/** A docx whose `[Content_Types].xml` is the given text. */
const docxWithTypes = (xml: string) => zip(officeMembers('docx', xml));
/** Replaces the `[Content_Types].xml` member's text with these exact bytes. */
const asBytes = (bytes: Buffer) => (member: ZipMember) => (member.name === '[Content_Types].xml' ? { ...member, content: bytes } : member);
/** A package of the kind whose main part is declared with another content type. */
const withOverride = (kind: OfficeKind, contentType: string) =>
  zip(officeMembers(kind, contentTypes([{ part: OFFICE_MAIN[kind].part, contentType }])));

describe('recognizeDocument: what it accepts, by content alone', () => {
  it('a PDF by its header at the first byte', () => {
    expect(outcome(pdf())).toBe('pdf');
    expect(outcome(Buffer.from('%PDF-2.0\n'))).toBe('pdf');
  });

  it.each(OFFICE_KINDS)('a %s by the main part its [Content_Types].xml names', (kind) => {
    expect(outcome(zip(officeMembers(kind)))).toBe(kind);
  });

  it.each(OPEN_DOCUMENT_KINDS)('an %s by its first entry, mimetype, stored', (kind) => {
    expect(outcome(zip(openDocumentMembers(OPEN_DOCUMENT_TYPES[kind])))).toBe(kind);
  });

  it('whatever the parts are called in the package and however they are written', () => {
    // Stored rather than deflated, an archive comment, the main part under another name.
    const members = officeMembers('docx', contentTypes([{ part: '/word/main%20doc.xml', contentType: OFFICE_MAIN.docx.contentType }]))
      .filter((member) => member.name !== 'word/document.xml')
      .map((member) => ({ ...member, method: 'store' as const }));
    expect(
      outcome(
        zip([...members, { name: 'word/main doc.xml', content: OFFICE_MAIN.docx.xml }], {
          comment: 'PK\x05\x06, y un comentario que parece el final de otro ZIP',
        }),
      ),
    ).toBe('docx');
    // Attributes in another order, single quotes, a character reference, UTF-16 with its mark.
    const xml =
      "<?xml version='1.0' encoding='UTF-16'?><Types xmlns='http://schemas.openxmlformats.org/package/2006/content-types'>" +
      `<Override ContentType='${OFFICE_MAIN.xlsx.contentType.replace('+', '&#x2B;')}' PartName='/xl/workbook.xml'/></Types>`;
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(xml, 'utf16le')]);
    expect(outcome(zip(officeMembers('xlsx').map(asBytes(utf16))))).toBe('xlsx');
  });

  it('up to 20 MB', () => {
    const largest = Buffer.concat([pdf(), Buffer.alloc(DOCUMENT_MAX_BYTES - pdf().length, 0x20)]);
    expect(outcome(largest)).toBe('pdf');
    expect(outcome(Buffer.concat([largest, Buffer.from(' ')]))).toBe(TOO_LARGE);
  });
});

describe('recognizeDocument: what it refuses', () => {
  it.each([
    ['an empty file', Buffer.alloc(0)],
    ['an HTML page', Buffer.from('<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>')],
    ['an SVG', Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>')],
    ['a shell script', Buffer.from('#!/bin/sh\nrm -rf /\n')],
    ['a JavaScript file', Buffer.from('fetch("/api/token/").then((r) => r.text());\n')],
    ['a JPEG', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01])],
    ['an HTML page with a PDF header after its start', Buffer.from('<html><!-- %PDF-1.4 --><script>alert(1)</script></html>')],
    ['a PDF header without a version', Buffer.from('%PDF-<html>')],
    ['an HTML page with a document ZIP after it', Buffer.concat([Buffer.from('<html><script>alert(1)</script></html>'), docx()])],
    ['a ZIP with a stub before its first entry', zip(officeMembers('docx'), { prefix: Buffer.from('MZ stub') })],
  ])('%s', (_name, bytes) => {
    expect(outcome(bytes)).toBe(NOT_ALLOWED);
  });

  it('a ZIP that is no document', () => {
    expect(outcome(zip([{ name: 'leeme.txt', content: 'hola' }]))).toBe(NOT_ALLOWED);
    expect(outcome(zip([]))).toBe(NOT_ALLOWED);
    expect(
      outcome(
        zip([
          { name: 'index.html', content: '<script>alert(1)</script>' },
          { name: 'word/document.xml', content: OFFICE_MAIN.docx.xml },
        ]),
      ),
    ).toBe(NOT_ALLOWED);
  });

  describe('OpenDocument', () => {
    const odt = openDocumentMembers(OPEN_DOCUMENT_TYPES.odt);

    it('whose mimetype is not the first entry', () => {
      expect(outcome(zip([odt[1], odt[0], odt[2]]))).toBe(NOT_ALLOWED);
      expect(outcome(zip(odt.slice(1)))).toBe(NOT_ALLOWED);
    });

    it.each([
      ['a template', 'application/vnd.oasis.opendocument.text-template'],
      ['a drawing', 'application/vnd.oasis.opendocument.graphics'],
      ['HTML', 'text/html'],
      ['the type and a line end', `${OPEN_DOCUMENT_TYPES.odt}\n`],
      ['the type in capitals', OPEN_DOCUMENT_TYPES.odt.toUpperCase()],
    ])('whose mimetype names another type: %s', (_name, type) => {
      expect(outcome(zip(openDocumentMembers(type)))).toBe(NOT_ALLOWED);
    });

    it('whose mimetype is deflated rather than stored', () => {
      expect(outcome(zip([{ ...odt[0], method: 'deflate' }, ...odt.slice(1)]))).toBe(NOT_ALLOWED);
    });

    it('without content', () => {
      expect(outcome(zip([odt[0], odt[2]]))).toBe(NOT_ALLOWED);
    });

    it('with macros (Basic or scripts)', () => {
      expect(outcome(zip([...odt, { name: 'Basic/Standard/Module1.xml', content: '<script:module/>' }]))).toBe(NOT_ALLOWED);
      expect(outcome(zip([...odt, { name: 'Scripts/python/macro.py', content: 'import os' }]))).toBe(NOT_ALLOWED);
    });

    it('that is an OOXML package too', () => {
      expect(outcome(zip([...odt, ...officeMembers('docx')]))).toBe(NOT_ALLOWED);
    });
  });

  describe('macro packages', () => {
    it.each([
      ['.docm', 'docx', 'application/vnd.ms-word.document.macroEnabled.main+xml'],
      ['.xlsm', 'xlsx', 'application/vnd.ms-excel.sheet.macroEnabled.main+xml'],
      ['.pptm', 'pptx', 'application/vnd.ms-powerpoint.presentation.macroEnabled.main+xml'],
      ['.dotm', 'docx', 'application/vnd.ms-word.template.macroEnabledTemplate.main+xml'],
    ] as const)('%s, by its content type', (_name, kind, contentType) => {
      expect(outcome(withOverride(kind, contentType))).toBe(NOT_ALLOWED);
    });

    it.each([
      ['as it is written', 'application/vnd.ms-word.vbaData+xml'],
      ['behind a character reference', 'application/vnd.ms-word.vbaD&#97;ta+xml'],
    ])('a docx naming a macro part beside its own main part, %s', (_name, contentType) => {
      const xml = contentTypes([
        { part: OFFICE_MAIN.docx.part, contentType: OFFICE_MAIN.docx.contentType },
        { part: '/word/vbaData.xml', contentType },
      ]);
      expect(outcome(docxWithTypes(xml))).toBe(NOT_ALLOWED);
    });

    it.each(['word/vbaProject.bin', 'vbaProject.bin', 'xl/VBAPROJECT.BIN'])('a docx holding %s', (name) => {
      expect(outcome(docx([{ name, content: Buffer.from([0xd0, 0xcf, 0x11, 0xe0]) }]))).toBe(NOT_ALLOWED);
    });
  });

  describe('OOXML that names no one main part', () => {
    it.each([
      ['no Override at all', contentTypes([])],
      [
        'a Word template',
        contentTypes([
          { part: OFFICE_MAIN.docx.part, contentType: `${OFFICE_MAIN.docx.contentType.replace('document.main', 'template.main')}` },
        ]),
      ],
      [
        'a slide show',
        contentTypes([
          { part: OFFICE_MAIN.docx.part, contentType: OFFICE_MAIN.pptx.contentType.replace('presentation.main', 'slideshow.main') },
        ]),
      ],
      [
        'two main parts',
        contentTypes([
          { part: OFFICE_MAIN.docx.part, contentType: OFFICE_MAIN.docx.contentType },
          { part: '/word/document2.xml', contentType: OFFICE_MAIN.xlsx.contentType },
        ]),
      ],
      ['a main part that is not in the package', contentTypes([{ part: '/word/missing.xml', contentType: OFFICE_MAIN.docx.contentType }])],
      [
        'the main type only as a Default',
        contentTypes([]).replace(
          '</Types>',
          `<Default Extension="xml" PartName="${OFFICE_MAIN.docx.part}" ContentType="${OFFICE_MAIN.docx.contentType}"/></Types>`,
        ),
      ],
      [
        'a DTD, which the format forbids',
        `<!DOCTYPE Types [<!ENTITY t "t">]>${contentTypes([{ part: OFFICE_MAIN.docx.part, contentType: OFFICE_MAIN.docx.contentType }])}`,
      ],
      ['text that is not UTF-8', Buffer.from([0x3c, 0xff, 0xfe, 0x3e]).toString('latin1')],
    ])('%s', (_name, xml) => {
      const members = officeMembers('docx').map(asBytes(Buffer.from(xml, 'latin1')));
      expect(outcome(zip(members))).toBe(NOT_ALLOWED);
    });

    it('two [Content_Types].xml, which readers would choose between', () => {
      const [types] = officeMembers('docx');
      expect(outcome(docx([{ ...types, name: '[content_types].xml', content: contentTypes([]) }]))).toBe(NOT_ALLOWED);
    });
  });

  describe('bounds: a zip bomb is refused, never expanded', () => {
    const bombed = (data: Buffer, size: number) => {
      const [, ...rest] = officeMembers('docx');
      return zip([{ name: '[Content_Types].xml', deflated: { data, size, crc: 0 } }, ...rest]);
    };

    it('a [Content_Types].xml that inflates to 4 GiB while its headers claim 500 bytes', () => {
      const bomb = bombed(deflatedZeros(4096), 500);
      expect(bomb.length).toBeLessThan(DOCUMENT_MAX_BYTES);
      const peakBefore = process.resourceUsage().maxRSS;
      const started = performance.now();
      expect(outcome(bomb)).toBe(NOT_ALLOWED);
      expect(performance.now() - started).toBeLessThan(1000);
      // The peak resident memory (kB) hardly moves: a few MiB inflated at most, not 4 GiB.
      expect(process.resourceUsage().maxRSS - peakBefore).toBeLessThan(64 * 1024);
    });

    it('one whose headers say it is over the bound, unread', () => {
      expect(outcome(bombed(deflatedZeros(2), 2 * 1024 * 1024))).toBe(NOT_ALLOWED);
    });

    it(`a [Content_Types].xml of ${CONTENT_TYPES_MAX_BYTES} bytes is read, one byte more is not`, () => {
      const types = (padding: number) =>
        contentTypes([{ part: OFFICE_MAIN.docx.part, contentType: OFFICE_MAIN.docx.contentType }], padding);
      expect(Buffer.byteLength(types(CONTENT_TYPES_MAX_BYTES))).toBe(CONTENT_TYPES_MAX_BYTES);
      expect(outcome(docxWithTypes(types(CONTENT_TYPES_MAX_BYTES)))).toBe('docx');
      expect(outcome(docxWithTypes(types(CONTENT_TYPES_MAX_BYTES + 1)))).toBe(NOT_ALLOWED);
    });

    it(`${ZIP_MAX_ENTRIES} entries are read, one more is not`, () => {
      const filler = (count: number) =>
        Array.from({ length: count }, (_, i) => ({ name: `word/media/${i}.bin`, method: 'store' as const }));
      const parts = officeMembers('docx').length;
      expect(outcome(docx(filler(ZIP_MAX_ENTRIES - parts)))).toBe('docx');
      expect(outcome(docx(filler(ZIP_MAX_ENTRIES - parts + 1)))).toBe(NOT_ALLOWED);
    });

    it('a hostile [Content_Types].xml within the bound is read in linear time', () => {
      for (const filler of ['<Override a', 'a', ' a', '="', '<Override a="']) {
        const xml = `<Types>${filler.repeat(Math.floor((CONTENT_TYPES_MAX_BYTES - 20) / filler.length))}</Types>`;
        const started = performance.now();
        expect(outcome(docxWithTypes(xml))).toBe(NOT_ALLOWED);
        expect(performance.now() - started).toBeLessThan(1000);
      }
    });
  });

  describe('a ZIP cut short or damaged', () => {
    const whole = docx();

    it('cut anywhere', () => {
      for (let length = 0; length < whole.length; length++) {
        expect(outcome(whole.subarray(0, length))).toBe(NOT_ALLOWED);
      }
    });

    it('whose [Content_Types].xml does not match its checksum', () => {
      const stored = zip(officeMembers('docx').map((member) => ({ ...member, method: 'store' as const })));
      expect(outcome(stored)).toBe('docx');
      const at = stored.indexOf('version="1.0"') + 'version="1.'.length;
      expect(outcome(Buffer.concat([stored.subarray(0, at), Buffer.from('1'), stored.subarray(at + 1)]))).toBe(NOT_ALLOWED);
    });

    it('whose [Content_Types].xml is not the size its headers say', () => {
      const [types, ...rest] = officeMembers('docx');
      const text = Buffer.from(types.content ?? '');
      const lying = { name: types.name, deflated: { data: zlib.deflateRawSync(text), size: text.length - 1, crc: zlib.crc32(text) } };
      expect(outcome(zip([lying, ...rest]))).toBe(NOT_ALLOWED);
    });

    it('whose entries say other names than its directory', () => {
      const damaged = Buffer.from(whole);
      damaged.write('[Content_Types].xmL', damaged.indexOf('[Content_Types].xml'), 'latin1');
      expect(outcome(damaged)).toBe(NOT_ALLOWED);
    });

    it.each([
      ['after its end', (bytes: Buffer) => Buffer.concat([bytes, Buffer.from('<script>alert(1)</script>')])],
      [
        'between its directory and its end',
        (bytes: Buffer) => Buffer.concat([bytes.subarray(0, -22), Buffer.from('oculto'), bytes.subarray(-22)]),
      ],
    ])('with bytes %s', (_name, change) => {
      expect(outcome(change(whole))).toBe(NOT_ALLOWED);
    });

    it('whose directory points outside the file', () => {
      const damaged = Buffer.from(whole);
      damaged.writeUInt32LE(whole.length * 2, whole.length - 22 + 16);
      expect(outcome(damaged)).toBe(NOT_ALLOWED);
    });

    it('whatever byte is changed, the answer is a kind or the refusal, never another error', () => {
      fc.assert(
        fc.property(fc.nat(whole.length - 1), fc.integer({ min: 0, max: 255 }), (at, value) => {
          const changed = Buffer.from(whole);
          changed[at] = value;
          expect([NOT_ALLOWED, 'docx']).toContain(outcome(changed));
        }),
        { numRuns: 2000 },
      );
    });
  });
});

describe('the bomb of the tests', () => {
  it('really expands a thousand times over', () => {
    const data = deflatedZeros(3);
    expect(data.length).toBeLessThan(4 * 1024);
    expect(zlib.inflateRawSync(data).equals(Buffer.alloc(3 * 1024 * 1024))).toBe(true);
  });
});
