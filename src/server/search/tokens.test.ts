import { layoutText, queryTokens, searchEntryOf, textTokens } from './tokens';
import { snippetOf } from './snippet';

describe('the search pipeline', () => {
  it('folds before it stems, so that a word with or without its accents gives one token', () => {
    expect(textTokens('Educación')).toEqual(textTokens('educacion'));
    expect(textTokens('EDUCACIÓN')).toEqual(textTokens('educación'));
    expect(textTokens('emociones')).toEqual(textTokens('emoción'));
  });

  it('drops the commonest words and keeps the order of the others', () => {
    expect(textTokens('La regulación de las emociones')).toEqual([...textTokens('regulación'), ...textTokens('emociones')]);
    expect(queryTokens('de la y')).toEqual([]);
  });

  it('gives each distinct token of a query once', () => {
    expect(queryTokens('emoción emociones Emoción')).toHaveLength(1);
  });

  it('reads the text cells of a layout, not the images or the videos', () => {
    const layout = [
      {
        id: 'r1',
        cells: [
          { id: 'c1', type: 'text', content: '<p>Jornada de <strong>convivencia</strong></p>' },
          { id: 'c2', type: 'image', content: '/media/foto.jpg', alt: 'Niños en el patio' },
        ],
      },
      { id: 'r2', cells: [{ id: 'c3', type: 'text', content: '<p>escolar</p>' }] },
    ];
    expect(layoutText(JSON.stringify(layout))).toBe('Jornada de convivencia escolar');
    expect(searchEntryOf('Título', JSON.stringify(layout)).body_tokens).not.toContain(textTokens('patio')[0]);
    expect(layoutText('not json')).toBe('');
  });

  it('stores each token of a publication once: no query needs repeats, and the index reads fewer pages', () => {
    const layout = [{ id: 'r1', cells: [{ id: 'c1', type: 'text', content: '<p>Emociones, emoción y más emociones en el aula</p>' }] }];
    const entry = searchEntryOf('Emociones de aula', JSON.stringify(layout));
    expect(entry.body_tokens.split(' ')).toEqual([...textTokens('emoción'), ...textTokens('más'), ...textTokens('aula')]);
    expect(entry.title_tokens.split(' ')).toEqual([...textTokens('emociones'), ...textTokens('aula')]);
  });
});

describe('snippetOf', () => {
  it('marks every matching word as written, whatever its accents and ending', () => {
    const html = snippetOf('Las emociones y la emoción del aula', queryTokens('EMOCION'));
    expect(html).toBe('Las <mark>emociones</mark> y la <mark>emoción</mark> del aula');
  });

  it('escapes the text around the marks', () => {
    expect(snippetOf('<b>emoción</b> & más', queryTokens('emocion'))).toBe('&lt;b&gt;<mark>emoción</mark>&lt;/b&gt; &amp; más');
  });

  it('shows a passage around the first match of a long text, cut at spaces', () => {
    const text = `${'palabra '.repeat(40)}convivencia ${'final '.repeat(60)}`.trim();
    const html = snippetOf(text, queryTokens('convivencia'));
    expect(html.startsWith('…palabra')).toBe(true);
    expect(html).toContain('<mark>convivencia</mark>');
    expect(html.endsWith('final…')).toBe(true);
  });

  it('shows the start of the text when only the title or the section matched', () => {
    expect(snippetOf('Un texto corto', queryTokens('revista'))).toBe('Un texto corto');
  });
});
