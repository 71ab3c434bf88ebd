import { fireEvent, render, screen } from '@testing-library/react';
import { Hero } from './hero';

// jsdom plays no media and knows no media queries: the browser's side is stood in for here.
let reduceMotion = false;
let playCalls = 0;

beforeEach(() => {
  playCalls = 0;
  window.matchMedia = ((query: string) => ({
    matches: query.includes('prefers-reduced-motion') && reduceMotion,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
  Object.defineProperty(HTMLMediaElement.prototype, 'play', {
    configurable: true,
    value(this: HTMLMediaElement) {
      playCalls += 1;
      this.dispatchEvent(new Event('play'));
      return Promise.resolve();
    },
  });
  Object.defineProperty(HTMLMediaElement.prototype, 'pause', {
    configurable: true,
    value(this: HTMLMediaElement) {
      this.dispatchEvent(new Event('pause'));
    },
  });
});

test('the video autoplays muted and loops; the button pauses and resumes it', () => {
  reduceMotion = false;
  const { container } = render(<Hero onMore={() => {}} />);
  const video = container.querySelector('video')!;
  expect(video.muted).toBe(true);
  expect(video.loop).toBe(true);
  expect(video).toHaveAttribute('poster', '/media/hero-poster.jpg');
  // Started by the app, never by the markup (which the server draws for every visitor alike).
  expect(video).not.toHaveAttribute('autoplay');
  expect(video).toHaveAttribute('preload', 'none');
  expect(playCalls).toBe(1);
  Object.defineProperty(video, 'paused', { configurable: true, get: () => false });
  fireEvent.click(screen.getByRole('button', { name: 'Pausar vídeo' }));
  expect(screen.getByRole('button', { name: 'Reproducir vídeo' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Máster en Educación Emocional y Convivencia Escolar' })).toBeInTheDocument();
});

test('with reduced motion it neither autoplays nor moves, and can still be played', () => {
  reduceMotion = true;
  const { container } = render(<Hero onMore={() => {}} />);
  const video = container.querySelector('video')!;
  expect(video).not.toHaveAttribute('autoplay');
  expect(playCalls).toBe(0);
  window.scrollY = 500;
  fireEvent.scroll(window);
  expect(container.querySelector<HTMLElement>('.hero__media')!.style.transform).toBe('');
  Object.defineProperty(video, 'paused', { configurable: true, get: () => true });
  fireEvent.click(screen.getByRole('button', { name: 'Reproducir vídeo' }));
  expect(playCalls).toBe(1);
});

test('without reduced motion the video layer moves at 0.3 of the scroll', async () => {
  reduceMotion = false;
  const { container } = render(<Hero onMore={() => {}} />);
  window.scrollY = 200;
  fireEvent.scroll(window);
  await new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
  expect(container.querySelector<HTMLElement>('.hero__media')!.style.transform).toBe('translate3d(0, 60px, 0)');
});

test("'Ver más' asks to show more", () => {
  const onMore = jest.fn();
  render(<Hero onMore={onMore} />);
  fireEvent.click(screen.getByRole('button', { name: 'Ver más' }));
  expect(onMore).toHaveBeenCalled();
});
