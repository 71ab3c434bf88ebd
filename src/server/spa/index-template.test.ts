import fs from 'node:fs';
import path from 'node:path';
import { SITE_DESCRIPTION, SITE_NAME } from '@/domain/catalogue';

// public/index.html is plain HTML (the server also serves it unbuilt), so it
// spells the site's name and description out; they must stay the catalogue's.
test("the page template's title and description are the catalogue's", () => {
  const html = fs.readFileSync(path.join(__dirname, '../../../public/index.html'), 'utf8');
  expect(/<title>(.*)<\/title>/.exec(html)?.[1]).toBe(SITE_NAME);
  expect(/<meta name="description" content="([^"]*)"/.exec(html)?.[1]).toBe(SITE_DESCRIPTION);
});
