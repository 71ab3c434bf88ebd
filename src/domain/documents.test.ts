import { DOCUMENT_ACCEPT, DOCUMENT_KINDS, DOCUMENTS } from './documents';

describe('the documents the media library takes', () => {
  it('are PDF, Word, Excel, PowerPoint and OpenDocument, each with its own extension and type', () => {
    expect(DOCUMENT_KINDS.map((kind) => [DOCUMENTS[kind].extension, DOCUMENTS[kind].contentType, DOCUMENTS[kind].label])).toEqual([
      ['pdf', 'application/pdf', 'PDF'],
      ['docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'Word'],
      ['xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'Excel'],
      ['pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation', 'PowerPoint'],
      ['odt', 'application/vnd.oasis.opendocument.text', 'OpenDocument texto'],
      ['ods', 'application/vnd.oasis.opendocument.spreadsheet', 'OpenDocument hoja de cálculo'],
      ['odp', 'application/vnd.oasis.opendocument.presentation', 'OpenDocument presentación'],
    ]);
  });

  it('only a PDF is shown in the page; the others are downloaded', () => {
    expect(DOCUMENT_KINDS.filter((kind) => DOCUMENTS[kind].inline)).toEqual(['pdf']);
  });

  it('a file picker is offered them by extension and by type', () => {
    const accept = DOCUMENT_ACCEPT.split(',');
    expect(accept).toHaveLength(14);
    expect(accept).toEqual(expect.arrayContaining(['.pdf', 'application/pdf', '.odt', 'application/vnd.oasis.opendocument.text']));
    expect(accept.some((item) => /html|svg|script|zip|macro/i.test(item))).toBe(false);
  });
});
