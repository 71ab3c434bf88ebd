import '../../../../test/helpers/dialog-polyfill';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { confirmDelete } from '@/domain/messages';
import { ConfirmDialog } from './confirm-dialog';

function Harness({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Eliminar Revista
      </button>
      <ConfirmDialog
        open={open}
        message={confirmDelete('sección')}
        detail="Revista"
        onConfirm={() => {
          onConfirm();
          setOpen(false);
        }}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}

test('the dialog asks the question, takes focus, and Escape cancels and gives focus back', async () => {
  const user = userEvent.setup();
  const onConfirm = jest.fn();
  render(<Harness onConfirm={onConfirm} />);
  const trigger = screen.getByRole('button', { name: 'Eliminar Revista' });

  await user.click(trigger);
  const dialog = screen.getByRole('dialog', { name: '¿Estás seguro de eliminar esta sección?' });
  expect(dialog).toHaveAccessibleDescription('Revista');
  expect(screen.getByRole('button', { name: 'Cancelar' })).toHaveFocus();

  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(trigger).toHaveFocus();
  expect(onConfirm).not.toHaveBeenCalled();
});

test('Cancelar closes without acting; Eliminar confirms', async () => {
  const user = userEvent.setup();
  const onConfirm = jest.fn();
  render(<Harness onConfirm={onConfirm} />);
  const trigger = screen.getByRole('button', { name: 'Eliminar Revista' });

  await user.click(trigger);
  await user.click(screen.getByRole('button', { name: 'Cancelar' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(trigger).toHaveFocus();
  expect(onConfirm).not.toHaveBeenCalled();

  await user.click(trigger);
  await user.click(screen.getByRole('button', { name: 'Eliminar' }));
  expect(onConfirm).toHaveBeenCalledTimes(1);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});
