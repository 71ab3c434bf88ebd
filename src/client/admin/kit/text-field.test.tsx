import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { TextField } from './text-field';

function TitleForm({ initial = '' }: { initial?: string }) {
  const form = useForm({ defaultValues: { title: initial, email: '' } });
  return (
    <form>
      <TextField label="Título" maxLength={200} registration={form.register('title')} />
      <TextField label="Email" type="email" maxLength={254} registration={form.register('email')} />
    </form>
  );
}

test('a title counts its characters as they are typed, starting from the value it opened with', async () => {
  const user = userEvent.setup();
  render(<TitleForm initial="Jornada" />);
  const title = screen.getByRole('textbox', { name: 'Título' });
  expect(screen.getByText('7/200 caracteres')).toBeVisible();
  await user.type(title, ' de puertas abiertas');
  expect(screen.getByText('27/200 caracteres')).toBeVisible();
  // An address has its limit, but no counter.
  expect(screen.getAllByText(/caracteres$/)).toHaveLength(1);
});

test('a pasted title longer than 200 characters is cut, and the field says so, aloud', async () => {
  const user = userEvent.setup();
  render(<TitleForm />);
  const title = screen.getByRole('textbox', { name: 'Título' });
  await user.click(title);
  await user.paste('x'.repeat(300));
  expect(title).toHaveValue('x'.repeat(200));
  expect(screen.getByText('200/200 caracteres')).toBeVisible();
  expect(screen.getByRole('status')).toHaveTextContent('Se pegaron 300 caracteres y solo caben 200: el resto no se añadió.');

  // One more key at the limit is refused by the browser: said too.
  await user.keyboard('y');
  expect(screen.getByRole('status')).toHaveTextContent('Ha llegado al límite de 200 caracteres.');
  // Room again: the notice goes.
  await user.keyboard('{Backspace}');
  expect(screen.getByText('199/200 caracteres')).toBeVisible();
  expect(screen.getByRole('status')).toHaveTextContent('');
});
