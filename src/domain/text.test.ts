import { hasControlCharacter, excerpt, metaDescription, preview, stripTags } from './text';

describe('stripTags', () => {
  it('keeps the text of HTML and decodes entities', () => {
    expect(stripTags('<p>Educación <strong>emocional</strong> &amp; convivencia&nbsp;escolar</p>')).toBe(
      'Educación emocional & convivencia escolar',
    );
    expect(stripTags('<p>a</p><script>alert(1)</script><p>b</p>')).toBe('a b');
    expect(stripTags('&#191;Qu&#xE9;?')).toBe('¿Qué?');
  });

  it('leaves no stray space where inline formatting ends next to punctuation', () => {
    expect(stripTags('<p>con <strong>seis colegios</strong>, con <a href="/x">enlace</a>.</p><p>Otro</p>')).toBe(
      'con seis colegios, con enlace. Otro',
    );
    expect(stripTags('línea<br>siguiente')).toBe('línea siguiente');
  });
});

describe('excerpt', () => {
  it('cuts to 100 characters and adds ...', () => {
    const text = 'x'.repeat(150);
    expect(excerpt(`<p>${text}</p>`)).toBe(`${'x'.repeat(100)}...`);
  });

  it('adds ... to short texts too and gives nothing for no text', () => {
    expect(excerpt('<p>Breve</p>')).toBe('Breve...');
    // Never four dots: the text's own periods give way to the cut's.
    expect(excerpt('<p>Se celebrará en mayo de 2027.</p>')).toBe('Se celebrará en mayo de 2027...');
    expect(excerpt('<p>Y así sucesivamente...</p>')).toBe('Y así sucesivamente...');
    expect(excerpt(`<p>${'x'.repeat(99)}.y</p>`)).toBe(`${'x'.repeat(99)}...`);
    expect(excerpt('<img src="a.png">')).toBe('');
  });
});

describe('preview', () => {
  it('leaves short texts whole', () => {
    expect(preview('Hola', 250)).toEqual({ text: 'Hola', truncated: false });
  });

  it('cuts long texts at the limit', () => {
    const long = 'a'.repeat(300);
    expect(preview(long, 250)).toEqual({ text: `${'a'.repeat(250)}...`, truncated: true });
  });
});

describe('metaDescription', () => {
  it('keeps short texts whole and cuts long ones at the limit with an ellipsis', () => {
    expect(metaDescription('<p>Breve <em>texto</em>.</p>')).toBe('Breve texto.');
    const long = metaDescription(`<p>${'palabra '.repeat(40)}</p>`);
    expect(long.length).toBeLessThanOrEqual(155);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('hasControlCharacter', () => {
  it('finds the C0 controls but tab and line breaks, DEL and the C1 controls', () => {
    for (const text of ['a\u0000b', '\u0007', 'a\u000Bb', '\u001F', '\u007F', '\u0085', '\u009F'])
      expect(hasControlCharacter(text)).toBe(true);
    expect(hasControlCharacter('Línea\tuna\ny\r\ndos')).toBe(false);
  });

  it('finds what XML 1.0 cannot carry besides: U+FFFE, U+FFFF and a surrogate without its pair', () => {
    for (const text of ['a\uFFFE', '\uFFFFb', 'a\uD800b', 'a\uDFFF', '\uDC00\uD83D', 'fin\uD83D'])
      expect(hasControlCharacter(text)).toBe(true);
  });

  it('lets through every other character, those outside the Basic Multilingual Plane included', () => {
    for (const text of ['Educación emocional', '¿Qué? ¡Sí! «citas» — €', '\u00A0\uE000\uFFFD', 'Talleres 🙂', '\u{10FFFF}', '']) {
      expect(hasControlCharacter(text)).toBe(false);
    }
  });
});
