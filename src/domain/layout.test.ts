import {
  addCell,
  addRow,
  changeCellSpan,
  changeCellType,
  checkSpanChange,
  duplicateRow,
  firstTextContent,
  imagesWithoutAlt,
  moveCell,
  moveRow,
  parseLayout,
  remainingColumns,
  removeCell,
  removeRow,
  spanForNewCell,
  spanOf,
  updateCell,
  usedColumns,
} from './layout';
import type { Layout, LayoutRow } from './entities';
import { messages } from './messages';

const row = (...spans: (number | undefined)[]): LayoutRow => ({
  id: 'r',
  cells: spans.map((columnSpan, i) => ({ id: `c${i}`, type: 'text', content: '', columnSpan })),
});

describe('column spans', () => {
  it('counts a cell without a span as one column', () => {
    expect(spanOf({})).toBe(1);
    expect(usedColumns(row(undefined, 2))).toBe(3);
  });

  it('gives a new cell all the remaining columns', () => {
    expect(spanForNewCell(row())).toEqual({ span: 4 });
    expect(spanForNewCell(row(1))).toEqual({ span: 3 });
    expect(remainingColumns(row(2, 1))).toBe(1);
  });

  it('refuses a new cell in a full row', () => {
    expect(spanForNewCell(row(2, 2))).toEqual({ error: 'No hay espacio disponible en esta fila' });
  });

  it('refuses a span change that makes the row wider than four columns', () => {
    expect(checkSpanChange(row(2, 2), 'c0', 3)).toBe('El total de columnas no puede exceder 4');
    expect(checkSpanChange(row(2, 2), 'c0', 2)).toBeNull();
    expect(checkSpanChange(row(1, 1), 'c1', 3)).toBeNull();
    expect(checkSpanChange(row(1), 'c0', 5)).toBe(messages.invalidColumnSpan);
    expect(checkSpanChange(row(1), 'c0', 0)).toBe(messages.invalidColumnSpan);
  });
});

describe('parseLayout', () => {
  it('accepts a sound layout and fills defaults', () => {
    const result = parseLayout([
      {
        id: 'a',
        cells: [
          { id: 'x', type: 'video', content: 'https://youtu.be/abc' },
          { type: 'image', columnSpan: 3 },
        ],
      },
    ]);
    expect(result).toEqual({
      layout: [
        {
          id: 'a',
          cells: [
            { id: 'x', type: 'video', content: 'https://youtu.be/abc', columnSpan: 1 },
            { id: 'cell-0-1', type: 'image', content: '', columnSpan: 3 },
          ],
        },
      ],
    });
  });

  it("keeps an image cell's alternative text, trimmed, and drops an empty one", () => {
    const result = parseLayout([
      {
        id: 'a',
        cells: [
          { id: 'x', type: 'image', content: '/media/a.jpg', alt: ' Aula ' },
          { id: 'y', type: 'image', content: '', alt: ' ' },
        ],
      },
    ]);
    expect(result).toEqual({
      layout: [
        {
          id: 'a',
          cells: [
            { id: 'x', type: 'image', content: '/media/a.jpg', columnSpan: 1, alt: 'Aula' },
            { id: 'y', type: 'image', content: '', columnSpan: 1 },
          ],
        },
      ],
    });
  });

  it("keeps a document cell's library item, title, size and kind when well formed, and nothing else", () => {
    const result = parseLayout([
      {
        id: 'a',
        cells: [
          { id: 'x', type: 'document', content: '/media/documentos/k/plan.pdf', mediaId: 7, title: ' Plan ', size: 1024, format: 'pdf' },
          { id: 'y', type: 'document', content: '', mediaId: -1, title: ' ', size: 'grande', format: 'exe', alt: 'no' },
          { id: 'z', type: 'video', content: 'https://youtu.be/abc', mediaId: 7, title: 'No' },
        ],
      },
    ]);
    expect(result).toEqual({
      layout: [
        {
          id: 'a',
          cells: [
            {
              id: 'x',
              type: 'document',
              content: '/media/documentos/k/plan.pdf',
              columnSpan: 1,
              mediaId: 7,
              title: 'Plan',
              size: 1024,
              format: 'pdf',
            },
            { id: 'y', type: 'document', content: '', columnSpan: 1 },
            { id: 'z', type: 'video', content: 'https://youtu.be/abc', columnSpan: 1 },
          ],
        },
      ],
    });
  });

  it('accepts an empty layout', () => {
    expect(parseLayout([])).toEqual({ layout: [] });
  });

  it.each([
    ['not an array', { rows: [] }, 'layout', messages.invalidLayout],
    ['a row without cells', [{ id: 'a' }], 'layout[0]', messages.invalidLayout],
    ['an unknown cell type', [{ cells: [{ type: 'audio' }] }], 'layout[0].cells[0].type', messages.invalidCellType],
    ['a span of 5', [{ cells: [{ type: 'text', columnSpan: 5 }] }], 'layout[0].cells[0].columnSpan', messages.invalidColumnSpan],
    ['a fractional span', [{ cells: [{ type: 'text', columnSpan: 1.5 }] }], 'layout[0].cells[0].columnSpan', messages.invalidColumnSpan],
    ['content that is not text', [{ cells: [{ type: 'text', content: 42 }] }], 'layout[0].cells[0].content', messages.invalidLayout],
    [
      'a row wider than four columns',
      [
        {
          cells: [
            { type: 'text', columnSpan: 3 },
            { type: 'image', columnSpan: 2 },
          ],
        },
      ],
      'layout[0]',
      messages.layoutTooWide,
    ],
  ])('refuses %s', (_name, value, path, message) => {
    expect(parseLayout(value)).toMatchObject({ problem: { path, message } });
  });
});

describe('firstTextContent', () => {
  it('finds the first non-empty text cell in reading order', () => {
    const layout: LayoutRow[] = [
      {
        id: '1',
        cells: [
          { id: 'a', type: 'image', content: 'x.png' },
          { id: 'b', type: 'text', content: '' },
        ],
      },
      {
        id: '2',
        cells: [
          { id: 'c', type: 'text', content: '<p>Hola</p>' },
          { id: 'd', type: 'text', content: '<p>Adiós</p>' },
        ],
      },
    ];
    expect(firstTextContent(layout)).toBe('<p>Hola</p>');
    expect(firstTextContent(null)).toBe('');
  });
});

describe('editing a layout', () => {
  // Rows 'r1' (spans 2, 1) and 'r2' (span 3); cell ids say where they start.
  const layout = (): Layout => [
    {
      id: 'r1',
      cells: [
        { id: 'a', type: 'text', content: '<p>A</p>', columnSpan: 2 },
        { id: 'b', type: 'image', content: '/media/b.jpg', columnSpan: 1, alt: 'B' },
      ],
    },
    { id: 'r2', cells: [{ id: 'c', type: 'video', content: 'https://youtu.be/x', columnSpan: 3 }] },
  ];
  const ids = (l: Layout) => l.map((row) => `${row.id}:${row.cells.map((c) => `${c.id}${c.columnSpan}`).join(',')}`);

  it('adds, removes, duplicates and moves rows', () => {
    expect(ids(addRow(layout(), 'r3'))).toEqual(['r1:a2,b1', 'r2:c3', 'r3:']);
    expect(ids(removeRow(layout(), 'r1'))).toEqual(['r2:c3']);
    const copied = duplicateRow(layout(), 'r1', 'k');
    expect(ids(copied)).toEqual(['r1:a2,b1', 'k:k-12,k-21', 'r2:c3']);
    expect(copied[1].cells[1]).toEqual({ id: 'k-2', type: 'image', content: '/media/b.jpg', columnSpan: 1, alt: 'B' });
    expect(ids(moveRow(layout(), 'r1', 1))).toEqual(['r2:c3', 'r1:a2,b1']);
    expect(ids(moveRow(layout(), 'r2', -5))).toEqual(['r2:c3', 'r1:a2,b1']);
  });

  it('gives a new cell the remaining columns, and refuses one in a full row', () => {
    const added = addCell(layout(), 'r1', { id: 'n', type: 'text', content: '' });
    expect('layout' in added && ids(added.layout)).toEqual(['r1:a2,b1,n1', 'r2:c3']);
    const full = 'layout' in added ? added.layout : [];
    expect(addCell(full, 'r1', { id: 'm', type: 'text', content: '' })).toEqual({ error: 'No hay espacio disponible en esta fila' });
  });

  it('changes a span only while the row stays within four columns', () => {
    const widened = changeCellSpan(layout(), 'a', 3);
    expect('layout' in widened && ids(widened.layout)).toEqual(['r1:a3,b1', 'r2:c3']);
    expect(changeCellSpan(layout(), 'a', 4)).toEqual({ error: 'El total de columnas no puede exceder 4' });
    expect(changeCellSpan(layout(), 'c', 5)).toEqual({ error: messages.invalidColumnSpan });
  });

  it("clears a cell's content and alternative text when its type changes, and only then", () => {
    const changed = changeCellType(layout(), 'b', 'video');
    expect(changed[0].cells[1]).toEqual({ id: 'b', type: 'video', content: '', columnSpan: 1 });
    expect(changeCellType(layout(), 'b', 'image')[0].cells[1].content).toBe('/media/b.jpg');
  });

  it("clears a document cell's item, title, size and kind with its address when its type changes", () => {
    const rows = [
      {
        id: 'r',
        cells: [
          {
            id: 'd',
            type: 'document' as const,
            content: '/media/documentos/k/a.pdf',
            mediaId: 3,
            title: 'A',
            size: 9,
            format: 'pdf' as const,
          },
        ],
      },
    ];
    expect(changeCellType(rows, 'd', 'text')[0].cells[0]).toEqual({ id: 'd', type: 'text', content: '' });
  });

  it('leaves the rows it does not touch as they were', () => {
    const before = layout();
    const after = updateCell(before, 'a', { content: '<p>Nuevo</p>' });
    expect(after[0].cells[0].content).toBe('<p>Nuevo</p>');
    expect(after[1]).toBe(before[1]);
    expect(after[0].cells[1]).toBe(before[0].cells[1]);
  });

  it('removes a cell', () => {
    expect(ids(removeCell(layout(), 'b'))).toEqual(['r1:a2', 'r2:c3']);
  });

  it('moves a cell within its row and into another row with room', () => {
    const within = moveCell(layout(), 'b', 'r1', 0);
    expect('layout' in within && ids(within.layout)).toEqual(['r1:b1,a2', 'r2:c3']);
    const across = moveCell(layout(), 'b', 'r2', 0);
    expect('layout' in across && ids(across.layout)).toEqual(['r1:a2', 'r2:b1,c3']);
  });

  it('refuses to move a cell into a row without room for its span', () => {
    expect(moveCell(layout(), 'a', 'r2', 1)).toEqual({ error: 'El total de columnas no puede exceder 4' });
    expect(moveCell(layout(), 'c', 'r1', 0)).toEqual({ error: 'El total de columnas no puede exceder 4' });
  });

  it('counts image cells that have a picture but no alternative text', () => {
    const l = layout();
    expect(imagesWithoutAlt(l)).toBe(0);
    expect(imagesWithoutAlt(updateCell(l, 'b', { alt: '  ' }))).toBe(1);
    expect(imagesWithoutAlt(updateCell(l, 'b', { content: '', alt: '' }))).toBe(0);
  });
});
