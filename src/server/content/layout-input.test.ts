import type { FieldErrors } from '@/domain/entities';
import { messages } from '@/domain/messages';
import { isSafeCellUrl } from '@/domain/validation';
import { readLayout } from './layout-input';

describe('readLayout', () => {
  const read = (value: unknown) => {
    const errors: FieldErrors = {};
    return { layout: readLayout(value, errors), errors };
  };

  it('reads a JSON string or an array, filling ids and spans', () => {
    const { layout, errors } = read(JSON.stringify([{ cells: [{ type: 'video', content: ' https://vimeo.com/1 ' }] }]));
    expect(errors).toEqual({});
    expect(layout).toEqual([{ id: 'row-0', cells: [{ id: 'cell-0-0', type: 'video', content: 'https://vimeo.com/1', columnSpan: 1 }] }]);
    expect(read('').layout).toEqual([]);
  });

  it('sanitises text cells', () => {
    const { layout } = read([{ id: 'r', cells: [{ id: 'c', type: 'text', content: '<p onmouseover="x()">a<script>b</script></p>' }] }]);
    expect(layout?.[0].cells[0].content).toBe('<p>a</p>');
  });

  it('reports broken JSON, domain problems and unsafe URLs on the layout field, naming the row and cell', () => {
    expect(read('[').errors).toEqual({ layout: [messages.invalidLayout] });
    expect(read([{ cells: [{ type: 'text', columnSpan: 0 }] }]).errors).toEqual({
      layout: [`Fila 1, celda 1: ${messages.invalidColumnSpan}`],
    });
    const video = { type: 'video', content: 'https://youtu.be/abc' };
    expect(read([{ cells: [video] }, { cells: [video, { type: 'video', content: 'no es una dirección' }] }]).errors).toEqual({
      layout: ['Fila 2, celda 2: Introduzca una URL válida.'],
    });
    expect(read([{ cells: [{ type: 'image', content: 'javascript:alert(1)' }] }]).errors).toEqual({
      layout: [`Fila 1, celda 1: ${messages.invalidUrl}`],
    });
  });
});

describe('isSafeCellUrl', () => {
  it('allows http(s), empty, and host paths only where allowed', () => {
    expect(isSafeCellUrl('https://a.es/x.jpg', { allowHostRelative: false })).toBe(true);
    expect(isSafeCellUrl('', { allowHostRelative: false })).toBe(true);
    expect(isSafeCellUrl('/media/a.jpg', { allowHostRelative: true })).toBe(true);
    expect(isSafeCellUrl('/media/a.jpg', { allowHostRelative: false })).toBe(false);
    expect(isSafeCellUrl('//evil.example/a.jpg', { allowHostRelative: true })).toBe(false);
    expect(isSafeCellUrl('data:image/png;base64,AAA', { allowHostRelative: true })).toBe(false);
    expect(isSafeCellUrl('JaVaScRiPt:alert(1)', { allowHostRelative: true })).toBe(false);
  });
});
