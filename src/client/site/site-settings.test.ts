import { DEFAULT_SITE_SETTINGS } from '@/domain/catalogue';
import { readSiteSettings } from './site-settings';

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

test('reads the social and research-group links the server wrote into the page', () => {
  const settings = readSiteSettings(
    pageWith(
      JSON.stringify({
        socialLinks: [{ network: 'youtube', label: 'YouTube', url: 'https://youtube.com/@master' }],
        researchGroup: { label: 'GIESE', url: 'https://giese.example.org' },
      }),
    ),
  );
  expect(settings.socialLinks).toEqual([{ network: 'youtube', label: 'YouTube', url: 'https://youtube.com/@master' }]);
  expect(settings.researchGroup.url).toBe('https://giese.example.org');
});

test('falls back to the defaults without settings or with unreadable ones', () => {
  expect(readSiteSettings(pageWith(null))).toEqual(DEFAULT_SITE_SETTINGS);
  expect(readSiteSettings(pageWith('{no es json'))).toEqual(DEFAULT_SITE_SETTINGS);
  expect(readSiteSettings(pageWith('{"socialLinks": "x"}'))).toEqual({ ...DEFAULT_SITE_SETTINGS, sections: [] });
});

test('reads the added sections the page carries, leaving out any that is malformed', () => {
  const sections = [
    { slug: 'talleres', title: 'Talleres' },
    { slug: '../admin', title: 'Trampa' },
    { slug: 'jornadas-2027', title: 42 },
    { slug: 'jornadas-2027', title: 'Jornadas 2027' },
  ];
  expect(readSiteSettings(pageWith(JSON.stringify({ sections }))).sections).toEqual([
    { slug: 'talleres', title: 'Talleres' },
    { slug: 'jornadas-2027', title: 'Jornadas 2027' },
  ]);
});
