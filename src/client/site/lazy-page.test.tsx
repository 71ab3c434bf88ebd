import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { lazyPage } from './lazy-page';

function Greeting({ name }: { name: string }) {
  return <p>Hola, {name}</p>;
}

test('a preloaded page draws in the first render, never the fallback', async () => {
  const load = jest.fn(async () => Greeting);
  const Page = lazyPage(load);
  await Page.preload();
  render(
    <Suspense fallback={<p>Esperando</p>}>
      <Page name="Ana" />
    </Suspense>,
  );
  // Synchronously, with no await: the first commit holds the page.
  expect(screen.getByText('Hola, Ana')).toBeInTheDocument();
  expect(screen.queryByText('Esperando')).not.toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(1);
});

test('a page not preloaded suspends as React.lazy does, and its code is fetched once', async () => {
  const load = jest.fn(async () => Greeting);
  const Page = lazyPage(load);
  render(
    <Suspense fallback={<p>Esperando</p>}>
      <Page name="Luis" />
    </Suspense>,
  );
  expect(screen.getByText('Esperando')).toBeInTheDocument();
  expect(await screen.findByText('Hola, Luis')).toBeInTheDocument();
  await act(() => Page.preload());
  expect(load).toHaveBeenCalledTimes(1);
});

test('a preload that failed is tried again when the page is drawn', async () => {
  const load = jest.fn().mockRejectedValueOnce(new Error('sin red')).mockResolvedValue(Greeting);
  const Page = lazyPage<{ name: string }>(load);
  await expect(Page.preload()).rejects.toThrow('sin red');
  render(
    <Suspense fallback={<p>Esperando</p>}>
      <Page name="Eva" />
    </Suspense>,
  );
  expect(await screen.findByText('Hola, Eva')).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(2);
});
