import { checkSpanChange, firstTextContent, parseLayout, remainingColumns, spanForNewCell, spanOf, usedColumns } from './layout';
import type { LayoutRow } from './entities';
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
    const result = parseLayout([{ id: 'a', cells: [{ id: 'x', type: 'video', content: 'https://youtu.be/abc' }, { type: 'image', columnSpan: 3 }] }]);
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
    ['a row wider than four columns', [{ cells: [{ type: 'text', columnSpan: 3 }, { type: 'image', columnSpan: 2 }] }], 'layout[0]', messages.layoutTooWide],
  ])('refuses %s', (_name, value, path, message) => {
    expect(parseLayout(value)).toEqual({ problem: { path, message } });
  });
});

describe('firstTextContent', () => {
  it('finds the first non-empty text cell in reading order', () => {
    const layout: LayoutRow[] = [
      { id: '1', cells: [{ id: 'a', type: 'image', content: 'x.png' }, { id: 'b', type: 'text', content: '' }] },
      { id: '2', cells: [{ id: 'c', type: 'text', content: '<p>Hola</p>' }, { id: 'd', type: 'text', content: '<p>Adiós</p>' }] },
    ];
    expect(firstTextContent(layout)).toBe('<p>Hola</p>');
    expect(firstTextContent(null)).toBe('');
  });
});
