import { cleanPastedHtml, isImagesOnlyHtml, removeForeignImages } from './clean-pasted-html';

const clean = (html: string) => {
  const root = document.createElement('div');
  root.innerHTML = html;
  cleanPastedHtml(root);
  return root.innerHTML;
};

test('Word: classes, mso styles, Office tags and conditional comments go; the text stays', () => {
  const word =
    '<!--[if gte mso 9]><xml><w:WordDocument></w:WordDocument></xml><![endif]-->' +
    '<p class="MsoNormal" style="margin-bottom:0cm;mso-line-height-rule:exactly"><span lang="ES" style="font-family:Calibri">Hola <b>mundo</b></span><o:p></o:p></p>';
  expect(clean(word)).toBe('<p>Hola <b>mundo</b></p>');
});

test('Google Docs: the guid wrapper goes, bold and italic styles become tags', () => {
  const docs =
    '<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-1234"><p dir="ltr" style="line-height:1.38">' +
    '<span style="font-size:11pt;font-weight:700">Fuerte</span> y <span style="font-style:italic">cursiva</span></p></b>';
  expect(clean(docs)).toBe('<p><strong>Fuerte</strong> y <em>cursiva</em></p>');
});

test('links, images and table spans keep the attributes that mean something', () => {
  const html =
    '<a href="https://example.org" class="x" onclick="evil()">enlace</a><img src="/media/a.jpg" alt="Aula" style="width:10px">' +
    '<table><tbody><tr><td colspan="2" class="c">x</td></tr></tbody></table>';
  expect(clean(html)).toBe(
    '<a href="https://example.org">enlace</a><img src="/media/a.jpg" alt="Aula"><table><tbody><tr><td colspan="2">x</td></tr></tbody></table>',
  );
});

describe('images on other sites', () => {
  const SITE = 'https://www.colegio.example';
  const API = 'https://api.colegio.example';
  const held = 'blob:https://www.colegio.example/0b3c';
  const take = (html: string) => {
    const root = document.createElement('div');
    root.innerHTML = html;
    const removed = removeForeignImages(root, { ownOrigins: [SITE, API], isKnownBlob: (uri) => uri === held });
    return { removed, html: root.innerHTML };
  };

  test('go, with the link or figure that held only them; the text stays', () => {
    expect(
      take(
        '<p>Antes <img src="https://otro.example/foto.jpg" alt="Foto"> después</p>' +
          '<a href="https://otro.example/"><img src="https://otro.example/logo.png"></a>' +
          '<figure><img src="http://cdn.example/a.webp"></figure><img src="file:///C:/Users/ana/imagen.png">',
      ),
    ).toEqual({ removed: 4, html: '<p>Antes  después</p>' });
  });

  test("stay when the browser holds their bytes or they are the site's own", () => {
    const own =
      `<img src="${SITE}/media/images/a.jpg"><img src="${API}/media/cells/b.png">` +
      `<img src="data:image/png;base64,iVBORw0KGgo="><img src="${held}">`;
    expect(take(own)).toEqual({ removed: 0, html: own });
  });

  test('a blob the editor does not hold, and a data: address that is no image, cannot be read and go', () => {
    expect(take('<img src="blob:https://otro.example/9f"><img src="data:text/html,hola"><img>')).toEqual({ removed: 3, html: '' });
  });

  test("a browser's 'Copiar imagen' is only an image; a page's selection is not", () => {
    expect(isImagesOnlyHtml('<meta charset="utf-8"><img src="https://otro.example/foto.jpg" alt="">')).toBe(true);
    expect(isImagesOnlyHtml('<p>Pie de foto</p><img src="https://otro.example/foto.jpg">')).toBe(false);
    expect(isImagesOnlyHtml('<p>Solo texto</p>')).toBe(false);
  });
});
