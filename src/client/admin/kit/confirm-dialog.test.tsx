import '../../../../test/helpers/dialog-polyfill';
import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
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

test('an action that has already put the keyboard elsewhere keeps it there when the dialog closes', async () => {
  // The outcome is shown, and takes the keyboard, before the dialog has finished closing (a fast answer).
  function Archive() {
    const [open, setOpen] = useState(false);
    const [done, setDone] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Archivar la publicación
        </button>
        {done && (
          <div role="status" tabIndex={-1} ref={(box) => box?.focus()}>
            Publicación archivada.
          </div>
        )}
        <ConfirmDialog
          open={open}
          message="¿Archivar 1 publicación?"
          confirmLabel="Archivar"
          onConfirm={() => {
            setDone(true);
            setOpen(false);
          }}
          onCancel={() => setOpen(false)}
        />
      </>
    );
  }
  const user = userEvent.setup();
  render(<Archive />);
  await user.click(screen.getByRole('button', { name: 'Archivar la publicación' }));
  await user.click(within(screen.getByRole('dialog', { name: '¿Archivar 1 publicación?' })).getByRole('button', { name: 'Archivar' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveFocus();
});
