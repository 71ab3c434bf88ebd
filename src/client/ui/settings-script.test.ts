import { siteSendsMail } from './settings-script';
import { pageWithSettings } from '../../../test/helpers/page-site-settings';

const pageWith = pageWithSettings;

test('the site sends mail only when the page says so in so many words', () => {
  expect(siteSendsMail(pageWith(JSON.stringify({ mail: true })))).toBe(true);
  expect(siteSendsMail(pageWith(JSON.stringify({ mail: false })))).toBe(false);
  expect(siteSendsMail(pageWith(JSON.stringify({ mail: 'true' })))).toBe(false);
  expect(siteSendsMail(pageWith(JSON.stringify({ socialLinks: [] })))).toBe(false);
  expect(siteSendsMail(pageWith('{no es json'))).toBe(false);
  expect(siteSendsMail(pageWith(null))).toBe(false);
});
