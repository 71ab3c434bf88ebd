import { siteSendsMail } from './settings-script';

const pageWith = (json: string | null) => {
  const doc = document.implementation.createHTMLDocument('t');
  if (json !== null) {
    const script = doc.createElement('script');
    script.id = 'site-settings';
    script.type = 'application/json';
    script.textContent = json;
    doc.body.appendChild(script);
  }
  return doc;
};

test('the site sends mail only when the page says so in so many words', () => {
  expect(siteSendsMail(pageWith(JSON.stringify({ mail: true })))).toBe(true);
  expect(siteSendsMail(pageWith(JSON.stringify({ mail: false })))).toBe(false);
  expect(siteSendsMail(pageWith(JSON.stringify({ mail: 'true' })))).toBe(false);
  expect(siteSendsMail(pageWith(JSON.stringify({ socialLinks: [] })))).toBe(false);
  expect(siteSendsMail(pageWith('{no es json'))).toBe(false);
  expect(siteSendsMail(pageWith(null))).toBe(false);
});
