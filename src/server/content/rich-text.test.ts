import { hasControlCharacter } from '@/domain/text';
import { sanitizeRichText } from './rich-text';

describe('sanitizeRichText', () => {
  it('drops what an entity of a character the input refuses becomes, so that the saved text can be saved again', () => {
    const cleaned = sanitizeRichText('<p>Uno&#xFFFF; dos&#xFFFE; tres&#1; 😀</p>');
    expect(cleaned).toBe('<p>Uno dos tres 😀</p>');
    expect(hasControlCharacter(cleaned)).toBe(false);
  });

  it('keeps ordinary formatting, headings, lists, tables, links and images', () => {
    const html =
      '<h1>T</h1><h2>S</h2><p><strong>a</strong> <em>b</em> <u>c</u> <s>d</s></p><ul><li>1</li></ul><ol start="3"><li>2</li></ol>' +
      '<blockquote>q</blockquote><table><thead><tr><th scope="col">h</th></tr></thead><tbody><tr><td colspan="2">x</td></tr></tbody></table>' +
      '<p><a href="https://example.org/a" title="t">l</a> <a href="mailto:a@b.es">m</a> <a href="/cuerpo-docente">r</a></p>' +
      '<img src="/media/images/a.jpg" alt="foto" width="300" />';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('keeps the alignment and colour styles the editor writes, and drops the rest', () => {
    expect(sanitizeRichText('<p style="text-align: justify; color: #336699; position: fixed; background-image: url(x)">a</p>')).toBe(
      '<p style="text-align:justify;color:#336699">a</p>',
    );
  });

  it('drops scripts, event handlers, javascript: and data: links, and foreign frames', () => {
    const out = sanitizeRichText(
      '<script>alert(1)</script><p onclick="x()">a</p><a href="javascript:alert(1)">b</a><a href="data:text/html,x">c</a>' +
        '<img src="x" onerror="alert(1)"><iframe src="https://evil.example/"></iframe><style>p{}</style><object data="x"></object>',
    );
    expect(out).toBe('<p>a</p><a>b</a><a>c</a><img src="x" />');
  });

  it('drops data: images, which are uploaded instead', () => {
    expect(sanitizeRichText('<img src="data:image/png;base64,AAAA" alt="x">')).toBe('<img alt="x" />');
  });

  it('drops the permissions a player asks for in its allow attribute', () => {
    expect(
      sanitizeRichText('<iframe src="https://www.youtube.com/embed/a" allow="camera; microphone; geolocation" allowfullscreen></iframe>'),
    ).toBe('<iframe src="https://www.youtube.com/embed/a" allowfullscreen></iframe>');
  });

  it('keeps YouTube and Vimeo players, and protects links that open a new tab', () => {
    expect(sanitizeRichText('<iframe src="https://player.vimeo.com/video/1" allowfullscreen></iframe>')).toBe(
      '<iframe src="https://player.vimeo.com/video/1" allowfullscreen></iframe>',
    );
    expect(sanitizeRichText('<a href="https://a.es" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://a.es" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });
});
