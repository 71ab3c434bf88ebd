import { DEFAULT_SITE_SETTINGS } from '@/domain/catalogue';
import { readSiteFrame, readSiteSettings } from './site-settings';
import { pageWithSettings } from '../../../test/helpers/page-site-settings';

const pageWith = pageWithSettings;

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
  // Settings that say nothing of mail: the site sends none.
  expect(readSiteSettings(pageWith('{"socialLinks": "x"}')).mail).toBeUndefined();
  expect(readSiteSettings(pageWith('{"mail": true}')).mail).toBe(true);
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

test("reads 'Ajustes del sitio' as the server wrote them: no network is none, a group without a link, the contact and the facts", () => {
  const frame = readSiteFrame(
    pageWith(
      JSON.stringify({
        socialLinks: [],
        researchGroup: { label: 'GIESE', url: '' },
        contact: { email: 'master@example.org', phone: 7, address: 'Calle Mayor 1' },
        programme: { duration_months: 12, ects_credits: '60', modality: 'a distancia', price: 4500, admission_closes: '2027-06-30' },
        year: 2027,
        today: '2027-03-01',
      }),
    ),
  );
  expect(frame.today).toBe('2027-03-01');
  expect(frame.year).toBe(2027);
  expect(frame.settings.socialLinks).toEqual([]);
  expect(frame.settings.researchGroup).toEqual({ label: 'GIESE', url: '' });
  // What is not of its type is none.
  expect(frame.settings.contact).toEqual({ email: 'master@example.org', phone: '', address: 'Calle Mayor 1' });
  expect(frame.settings.programme).toEqual({
    duration_months: 12,
    ects_credits: null,
    modality: '',
    language: '',
    price: 4500,
    admission_opens: null,
    admission_closes: '2027-06-30',
    how_to_apply_url: '',
  });
});
