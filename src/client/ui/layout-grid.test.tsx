import { fireEvent, render, screen } from '@testing-library/react';
import type { Layout, LayoutCell } from '@/domain/entities';
import { LayoutGrid } from './layout-grid';

const cell = (type: string, content: string, columnSpan?: number): LayoutCell =>
  ({ id: `${type}-${content.length}-${columnSpan ?? 0}`, type, content, ...(columnSpan ? { columnSpan } : {}) }) as LayoutCell;
const layoutOf = (...cells: LayoutCell[]): Layout => [{ id: 'row-1', cells }];
const renderCells = (...cells: LayoutCell[]) => render(<LayoutGrid layout={layoutOf(...cells)} />);

describe('video cells', () => {
  test('a YouTube watch link plays in the YouTube player', () => {
    renderCells(cell('video', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10'));
    expect(screen.getByTitle('Vídeo')).toHaveAttribute('src', 'https://www.youtube.com/embed/dQw4w9WgXcQ');
  });

  test('a youtu.be short link plays in the YouTube player', () => {
    renderCells(cell('video', 'https://youtu.be/abc123XYZ_-'));
    expect(screen.getByTitle('Vídeo')).toHaveAttribute('src', 'https://www.youtube.com/embed/abc123XYZ_-');
  });

  test('a Vimeo link plays in the Vimeo player', () => {
    renderCells(cell('video', 'https://vimeo.com/76979871'));
    expect(screen.getByTitle('Vídeo')).toHaveAttribute('src', 'https://player.vimeo.com/video/76979871');
  });

  test('another page address is embedded as it is', () => {
    renderCells(cell('video', 'https://media.example.org/player/42'));
    expect(screen.getByTitle('Vídeo').tagName).toBe('IFRAME');
    expect(screen.getByTitle('Vídeo')).toHaveAttribute('src', 'https://media.example.org/player/42');
  });

  test('a video file plays in the native player', () => {
    renderCells(cell('video', 'https://media.example.org/clase.mp4'));
    const video = screen.getByTitle('Vídeo');
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('controls');
  });

  test('an address that cannot be read shows no player', () => {
    const { container } = renderCells(cell('video', 'no es una dirección'));
    expect(container.querySelector('iframe, video')).toBeNull();
  });
});

test('text cells render sanitised HTML: formatting stays, scripts and handlers go', () => {
  const { container } = renderCells(
    cell(
      'text',
      '<p>Hola <strong>mundo</strong><img src="x" onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">enlace</a></p>',
    ),
  );
  expect(screen.getByText('mundo').tagName).toBe('STRONG');
  expect(container.querySelector('script')).toBeNull();
  expect(container.querySelector('[onerror]')).toBeNull();
  expect(screen.getByText('enlace')).not.toHaveAttribute('href', 'javascript:alert(3)');
});

test('cells span their columns (default 1) and unknown types render nothing', () => {
  const { container } = renderCells(cell('text', '<p>Ancho</p>', 3), cell('text', '<p>Estrecho</p>'), cell('quiz', '¿?'));
  const cells = container.querySelectorAll<HTMLElement>('.ui-layout-cell');
  expect(cells).toHaveLength(2);
  expect(cells[0].style.getPropertyValue('--span')).toBe('3');
  expect(cells[1].style.getPropertyValue('--span')).toBe('1');
  expect(screen.queryByText('¿?')).not.toBeInTheDocument();
});

test('an image that fails to load disappears', () => {
  const { container } = renderCells(cell('image', '/media/images/foto.jpg', 2));
  const img = container.querySelector('img')!;
  expect(img).toHaveAttribute('srcset', expect.stringContaining('/media/images/foto-480.webp 480w'));
  fireEvent.error(img);
  expect(container.querySelector('img')).toBeNull();
});
