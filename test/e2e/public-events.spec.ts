import fs from 'node:fs/promises';
import ICAL from 'ical.js';
import { eventWhen } from '../../src/domain/events';
import { adminApi } from '../helpers/e2e-admin-api';
import { png, violations } from './admin-helpers';
import { expect, test, type Page } from './support/fixtures';

/**
 * A congress announced as an event (docs/decisions/197): typed in the form's 'Evento' panel,
 * held by the server in the site's zone, shown under 'Próximos' on /congresos with its date in
 * long Spanish, and put in a calendar with 'Añadir al calendario'; on a laptop and on a phone.
 */

/** YYYY-MM-DD a number of calendar days after today (the browser's and the server's day agree at noon). */
const daysAhead = (days: number) => {
  const day = new Date();
  day.setUTCHours(12, 0, 0, 0);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
};

async function draftCongress(page: Page, title: string): Promise<number> {
  const api = adminApi(page);
  const congresos = (await api.list<{ id: number; slug: string }>('sections')).find((section) => section.slug === 'congresos')!;
  const created = await api.multipart<{ id: number }>('POST', '/api/publications/', {
    title,
    section_id: String(congresos.id),
    status: 'draft',
    publish_date: daysAhead(-2),
    featured_image: { name: 'congreso.png', mimeType: 'image/png', buffer: await png(800, 450) },
  });
  expect(created.status).toBe(201);
  return created.body.id;
}

test('an event typed in the form is under «Próximos» on /congresos, and «Añadir al calendario» downloads it', async ({
  adminPage: page,
}, testInfo) => {
  test.setTimeout(180_000);
  const title = 'Congreso de convivencia escolar';
  const id = await draftCongress(page, title);
  const day = daysAhead(40);

  await page.goto(`/admin/publications/edit/${id}`);
  await page.getByRole('checkbox', { name: 'Esta publicación anuncia un evento' }).check();
  await page.getByLabel(/^Inicio/).fill(day);
  await page.getByLabel('Hora de inicio').fill('09:30');
  await page.getByLabel('Hora de fin').fill('14:00');
  await page.getByRole('textbox', { name: /^Lugar/ }).fill('Facultad de Educación, Aula Magna');
  await page.getByRole('textbox', { name: /^Inscripción/ }).fill('https://inscripciones.example.org/congreso');
  await page.getByRole('combobox', { name: 'Estado' }).selectOption('published');
  expect(await violations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('event-panel-1280.png'), fullPage: true });
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText(`Publicación «${title}» guardada`)).toBeVisible();

  // What the server now holds: the wall-clock time in the site's zone, with its offset.
  const stored = await adminApi(page).json<{ event: { start: string; end: string; location: string } }>('GET', `/api/publications/${id}/`);
  expect(stored.body.event.start).toMatch(new RegExp(`^${day}T09:30:00\\+0[12]:00$`));
  expect(stored.body.event.end).toMatch(new RegExp(`^${day}T14:00:00\\+0[12]:00$`));
  expect(stored.body.event.location).toBe('Facultad de Educación, Aula Magna');

  const when = eventWhen({ start: `${day}T09:30:00`, end: `${day}T14:00:00`, all_day: false });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/congresos');
    const upcoming = page.getByRole('list', { name: 'Próximos' });
    const card = upcoming.getByRole('listitem').filter({ hasText: title });
    await expect(card).toBeVisible();
    await expect(card).toContainText(when);
    await expect(card).toContainText('Aula Magna');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`congresos-${width}.png`), fullPage: true });

    await card.getByRole('link', { name: title }).first().click();
    const box = page.getByRole('region', { name: 'Evento' });
    await expect(box).toContainText(when);
    await expect(box.getByRole('link', { name: 'Inscribirse (se abre en una pestaña nueva)' })).toHaveAttribute(
      'href',
      'https://inscripciones.example.org/congreso',
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`event-detail-${width}.png`), fullPage: true });
  }

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Añadir al calendario' }).click()]);
  expect(download.suggestedFilename()).toBe(`evento-${id}.ics`);
  const text = await fs.readFile(await download.path(), 'utf8');
  const [vevent] = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent');
  const event = new ICAL.Event(vevent);
  expect(event.summary).toBe(title);
  expect(event.location).toBe('Facultad de Educación, Aula Magna');
  expect(event.startDate.toString()).toBe(`${day}T09:30:00`);
  expect(event.startDate.zone?.tzid).toBe('Europe/Madrid');
});
