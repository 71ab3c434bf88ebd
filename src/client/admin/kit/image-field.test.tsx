import { useState } from 'react';
import { screen } from '@testing-library/react';
import { keepImage, type ImageChange } from '@/client/api/image-change';
import { renderWithProviders } from '../../../../test/helpers/render-with-providers';
import { ImageField } from './image-field';

function Chooser() {
  const [value, setValue] = useState<ImageChange>(keepImage);
  return <ImageField label="Imagen destacada" currentUrl={null} value={value} onChange={setValue} fromLibrary={false} />;
}

beforeEach(() => {
  // jsdom has no object URLs; the preview only needs an address.
  URL.createObjectURL = jest.fn(() => 'blob:vista-previa');
  URL.revokeObjectURL = jest.fn();
});

test('the chosen file is said with the field, although the input itself is emptied after each choice', async () => {
  const { user } = renderWithProviders(<Chooser />);
  const input = screen.getByLabelText('Imagen destacada');
  expect(input).not.toHaveAccessibleDescription(/Imagen elegida/);
  await user.upload(input, new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'portada.png', { type: 'image/png' }));
  expect(screen.getByText('portada.png')).toBeVisible();
  expect(input).toHaveValue('');
  expect(input).toHaveAccessibleDescription('Imagen elegida: portada.png');
});
