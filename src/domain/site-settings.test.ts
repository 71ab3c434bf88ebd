import { messages } from './messages';
import {
  admissionLine,
  admissionState,
  DEFAULT_SITE_SETTINGS_VALUES,
  durationText,
  isSiteLink,
  priceText,
  publicSiteSettings,
  siteSettingsMessages,
  telHref,
  validateSiteSettings,
} from './site-settings';

describe('isSiteLink', () => {
  it.each(['https://giese.example.org', 'http://example.org/a?b=c', '/giese', '/talleres-de-verano', '/'])('takes %s', (link) => {
    expect(isSiteLink(link)).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>1</script>',
    'mailto:a@b.c',
    '//otro.example.org',
    '/\\otro.example.org',
    'giese',
    'https://ejemplo.org/con espacio',
    'https://',
  ])('refuses %s', (link) => {
    expect(isSiteLink(link)).toBe(false);
  });
});

describe('validateSiteSettings', () => {
  const valid = { ...DEFAULT_SITE_SETTINGS_VALUES } as unknown as Record<string, unknown>;

  it('takes the defaults, and empty values for everything but the research group name', () => {
    expect(validateSiteSettings(valid)).toEqual({});
    expect(
      validateSiteSettings({
        ...valid,
        research_group_url: '',
        social_links: { facebook: '', instagram: '', x: '', youtube: '', linkedin: '' },
      }),
    ).toEqual({});
    expect(validateSiteSettings({ ...valid, research_group_name: '  ' })).toEqual({ research_group_name: [messages.required] });
  });

  it('says in Spanish what is wrong with each field, a network under its own key', () => {
    expect(
      validateSiteSettings(
        {
          contact_email: 'no-es-un-correo',
          contact_phone: '12',
          how_to_apply_url: 'javascript:alert(1)',
          social_links: { youtube: `https://youtube.com/${'a'.repeat(2048)}`, x: 'javascript:void(0)' },
          duration_months: 12.5,
          ects_credits: 0,
          price: -1,
          modality: 'a distancia',
          admission_opens: '2027-02-30',
        },
        { partial: true },
      ),
    ).toEqual({
      contact_email: [messages.invalidEmail],
      contact_phone: [siteSettingsMessages.invalidPhone],
      how_to_apply_url: [siteSettingsMessages.invalidLink],
      'social_links.youtube': [messages.tooLong(2048)],
      'social_links.x': [siteSettingsMessages.invalidLink],
      duration_months: [siteSettingsMessages.durationMonths],
      ects_credits: [siteSettingsMessages.ectsCredits],
      price: [siteSettingsMessages.price],
      modality: [siteSettingsMessages.modality],
      admission_opens: [messages.invalidDate],
    });
  });

  it('wants a close with an opening, not before it; a PATCH of one of the two is left to the merged values', () => {
    expect(validateSiteSettings({ ...valid, admission_opens: '2027-02-01' })).toEqual({
      admission_closes: [siteSettingsMessages.closesRequired],
    });
    expect(validateSiteSettings({ ...valid, admission_opens: '2027-02-01', admission_closes: '2027-01-31' })).toEqual({
      admission_closes: [siteSettingsMessages.closesBeforeOpens],
    });
    expect(validateSiteSettings({ ...valid, admission_opens: '2027-02-01', admission_closes: '2027-02-01' })).toEqual({});
    expect(validateSiteSettings({ admission_opens: '2027-02-01' }, { partial: true })).toEqual({});
  });
});

describe('the admission period', () => {
  const period = { admission_opens: '2027-02-01', admission_closes: '2027-06-30' };

  it('is open from its opening to its close, both days included', () => {
    expect(admissionState(period, '2027-01-31')).toBe('upcoming');
    expect(admissionState(period, '2027-02-01')).toBe('open');
    expect(admissionState(period, '2027-06-30')).toBe('open');
    expect(admissionState(period, '2027-07-01')).toBe('closed');
    expect(admissionState({ admission_opens: null, admission_closes: '2027-06-30' }, '2020-01-01')).toBe('open');
    expect(admissionState({ admission_opens: null, admission_closes: null }, '2027-03-01')).toBeNull();
  });

  it('is said in long Spanish on the home page', () => {
    expect(admissionLine(period, '2027-06-30')).toBe('Plazo abierto hasta el 30 de junio de 2027');
    expect(admissionLine(period, '2027-01-15')).toBe('El plazo de admisión se abre el 1 de febrero de 2027');
    expect(admissionLine(period, '2027-07-01')).toBeNull();
  });
});

test('the facts are written as a Spanish reader expects them', () => {
  expect([durationText(12), durationText(24), durationText(18), durationText(1)]).toEqual(['1 año', '2 años', '18 meses', '1 mes']);
  expect([priceText(4500), priceText(12_000), priceText(950), priceText(0)]).toEqual(['4.500 €', '12.000 €', '950 €', 'Gratuito']);
  expect(telHref('+34 (91) 000-00-00')).toBe('tel:+34910000000');
});

test('the pages carry only the networks that have a link', () => {
  const settings = publicSiteSettings({
    ...DEFAULT_SITE_SETTINGS_VALUES,
    social_links: { facebook: '', instagram: 'https://instagram.com/master', x: '', youtube: '', linkedin: '' },
  });
  expect(settings.socialLinks).toEqual([{ network: 'instagram', label: 'Instagram', url: 'https://instagram.com/master' }]);
  expect(settings.researchGroup).toEqual({ label: 'GIESE', url: '/giese' });
});
