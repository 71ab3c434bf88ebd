import { Type } from 'typebox';
import { jsonColumn, StoredJsonMismatch, storedLayout } from './json-column';

const summary = jsonColumn(Type.Array(Type.String()), 'revisions.summary');

test('a column whose text holds its shape reads as that value', () => {
  expect(summary('["Título","Estado"]')).toEqual(['Título', 'Estado']);
  const layout = [{ id: 'row-1', cells: [{ id: 'cell-1', type: 'text', content: '<p>Hola</p>', columnSpan: 2 }] }];
  expect(storedLayout(JSON.stringify(layout))).toEqual(layout);
});

test('another shape is a fault that names the column and where it breaks', () => {
  expect(() => summary('["Título", 3]')).toThrow(StoredJsonMismatch);
  expect(() => summary('["Título", 3]')).toThrow(/^revisions\.summary: .* at '\/1'/);
  expect(() => storedLayout('[{"id":"row-1","cells":[{"id":"c","type":"carrusel","content":""}]}]')).toThrow(
    /publications\.layout: .*'\/0\/cells\/0\/type'/,
  );
});

test('text that is no JSON throws the parser’s own error', () => {
  expect(() => summary('["sin cerrar"')).toThrow(SyntaxError);
});
