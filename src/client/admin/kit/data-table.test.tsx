import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { moveItem } from '@/client/api/reorder';
import { DataTable, type Column } from './data-table';

interface Item {
  id: number;
  name: string;
}

const columns: Column<Item>[] = [{ header: 'Nombre', primary: true, cell: (item) => item.name }];

function Harness({ pageSize }: { pageSize?: number }) {
  const [items, setItems] = useState<Item[]>(['Ana', 'Berta', 'Carlos', 'Diana', 'Elena'].map((name, index) => ({ id: index + 1, name })));
  return (
    <DataTable
      caption="Personas"
      items={items}
      columns={columns}
      pageSize={pageSize}
      reorder={{ onMove: (from, to) => setItems((list) => moveItem(list, from, to)), label: (item) => item.name }}
    />
  );
}

const names = () =>
  within(screen.getByRole('table', { name: 'Personas' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('.kit-table-primary')?.textContent);

test('every row has a labelled drag handle and Subir / Bajar; the ends cannot go further', () => {
  render(<Harness />);
  expect(screen.getByRole('button', { name: 'Arrastrar para reordenar: Ana' })).toBeVisible();
  expect(screen.getByRole('button', { name: 'Subir Ana' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Bajar Elena' })).toBeDisabled();
  expect(screen.getByRole('table', { name: 'Personas' })).toHaveAttribute('aria-rowcount', '6');
});

test('on a paged list a row moved past the page edge takes the table to its page, with focus', async () => {
  const user = userEvent.setup();
  render(<Harness pageSize={2} />);
  expect(names()).toEqual(['Ana', 'Berta']);
  expect(screen.getByText('Página 1 de 3 · filas 1–2 de 5')).toBeVisible();

  await user.click(screen.getByRole('button', { name: 'Bajar Berta' }));
  expect(names()).toEqual(['Berta', 'Diana']);
  expect(screen.getByText('Página 2 de 3 · filas 3–4 de 5')).toBeVisible();
  expect(screen.getByRole('button', { name: 'Bajar Berta' })).toHaveFocus();
  expect(screen.getByText('Berta: ahora en la posición 3 de 5.')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Siguiente' }));
  expect(names()).toEqual(['Elena']);
  expect(screen.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
  await user.click(screen.getByRole('button', { name: 'Anterior' }));
  await user.click(screen.getByRole('button', { name: 'Anterior' }));
  expect(names()).toEqual(['Ana', 'Carlos']);
});
