import { cleanPastedHtml } from './clean-pasted-html';

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
