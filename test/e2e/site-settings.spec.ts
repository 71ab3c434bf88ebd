import AxeBuilder from '@axe-core/playwright';
import { violations } from './admin-helpers';
import { expect, test, type Page } from './support/fixtures';

// 'Ajustes del sitio' (docs/decisions/199): an Administrador fills the form, saves, and the public
// footer and home page say it at once; the form (with an error on a field too) and the home page
// are clean for axe at 1280 and 375 px.

const ids = (found: { id: string }[]) => found.map((violation) => violation.id);

async function publicViolations(page: Page) {
  return ids((await new AxeBuilder({ page }).exclude('iframe').analyze()).violations);
}

test('an Administrador saves the contact, the facts and the period; the footer and the home page show them', async ({
  adminPage: page,
}) => {
  await page.getByRole('navigation', { name: 'Contenido del sitio' }).getByRole('link', { name: 'Ajustes del sitio' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ajustes del sitio' })).toBeVisible();
  const name = page.getByRole('textbox', { name: /^Nombre del grupo/ });
  await expect(name).toHaveValue('GIESE');

  // A link the site would never write is refused at its field, before anything is sent.
  const x = page.getByRole('group', { name: 'Redes sociales' }).getByRole('textbox', { name: 'X' });
  await x.fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Guardar ajustes' }).click();
  await expect(x).toHaveAttribute('aria-invalid', 'true');
  await expect(x).toHaveAccessibleDescription(/Introduzca una dirección que empiece por https:\/\//);
  await page.setViewportSize({ width: 375, height: 800 });
  expect(ids(await violations(page))).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });

  await x.fill('');
  await page.getByRole('textbox', { name: /^Correo de contacto/ }).fill('admision@master.example.org');
  await page.getByRole('textbox', { name: /^Teléfono/ }).fill('+34 910 000 000');
  await page.getByRole('spinbutton', { name: /^Créditos ECTS/ }).fill('60');
  await page.getByRole('combobox', { name: 'Modalidad' }).selectOption({ label: 'Semipresencial' });
  await page.getByLabel(/^Cierre del plazo/).fill('2099-06-30');
  await page.getByRole('textbox', { name: /^Enlace 'Cómo inscribirse'/ }).fill('/presentacion-magister');
  await page.getByRole('button', { name: 'Guardar ajustes' }).click();
  await expect(page.getByText('Ajustes del sitio guardados')).toBeVisible();
  await expect(page.getByText(/Guardados por última vez el/)).toBeVisible();
  expect(ids(await violations(page))).toEqual([]);

  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'admision@master.example.org' })).toHaveAttribute(
    'href',
    'mailto:admision@master.example.org',
  );
  await expect(footer.getByRole('link', { name: '+34 910 000 000' })).toHaveAttribute('href', 'tel:+34910000000');
  await expect(footer.getByRole('link', { name: 'X', exact: true })).toHaveCount(0);
  const facts = page.getByRole('region', { name: 'El máster de un vistazo' });
  await expect(facts.getByRole('definition')).toHaveText(['60 ECTS', 'Semipresencial', 'Hasta el 30 de junio de 2099']);
  await expect(facts).toContainText('Plazo abierto hasta el 30 de junio de 2099');
  await expect(page.getByText('Cargando...')).toHaveCount(0);
  expect(await publicViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(facts.getByRole('link', { name: 'Cómo inscribirse' })).toBeVisible();
  expect(await publicViolations(page)).toEqual([]);
});
