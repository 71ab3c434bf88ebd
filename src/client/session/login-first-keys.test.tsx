import { screen } from '@testing-library/react';
import { renderRoutes } from '../../../test/helpers/render-with-providers';
import { LoginPage } from './login-page';

beforeEach(() => localStorage.clear());

const open = (session: { restored: boolean; user: null }) =>
  renderRoutes([{ path: '/admin/login', element: <LoginPage /> }], { initialEntries: ['/admin/login'], preloadedState: { session } });

test('the first keys typed once the sign-in screen shows go into Usuario, without a click', async () => {
  const { user } = open({ restored: true, user: null });
  expect(screen.getByLabelText('Usuario')).toHaveFocus();
  await user.keyboard('admin');
  expect(screen.getByLabelText('Usuario')).toHaveValue('admin');
});

test('a session still being read takes the keyboard to Usuario as soon as the form shows', async () => {
  const { user } = open({ restored: false, user: null });
  expect(await screen.findByLabelText('Usuario')).toHaveFocus();
  await user.keyboard('ana');
  expect(screen.getByLabelText('Usuario')).toHaveValue('ana');
});
