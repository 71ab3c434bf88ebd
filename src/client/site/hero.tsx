import { useEffect, useRef, useState } from 'react';
import { SITE_NAME } from '@/domain/catalogue';
import { useReducedMotion } from './use-reduced-motion';
import './hero.css';

/** How far the video moves per pixel scrolled (requirements §1: "moving at 0.3 of the scroll"). */
const HERO_PARALLAX_FACTOR = 0.3;

const HERO_VIDEO = { webm: '/media/hero.webm', mp4: '/media/hero.mp4', poster: '/media/hero-poster.jpg' } as const;

/**
 * The home page's hero: a looping, muted video behind the programme's title,
 * moving at 0.3 of the scroll (requirements §1). With prefers-reduced-motion it
 * neither autoplays nor moves. A pause/play button is always there (WCAG 2.2.2).
 */
export function Hero({ onMore }: { onMore: () => void }) {
  const reduced = useReducedMotion();
  const videoRef = useRef<HTMLVideoElement>(null);
  const mediaRef = useRef<HTMLDivElement>(null);
  const [playing, setPlaying] = useState(false);

  // Autoplay unless the visitor asked for less motion.
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.muted = true;
    if (reduced) {
      video.pause();
      return;
    }
    // play() answers a promise that rejects when the browser refuses to start (an autoplay policy):
    // the button then offers to play.
    video.play().catch(() => setPlaying(false));
  }, [reduced]);

  // Parallax: translateY(scrollY × 0.3), one write per frame, passive listener.
  useEffect(() => {
    const media = mediaRef.current;
    if (!media || reduced) return;
    let frame = 0;
    const apply = () => {
      frame = 0;
      media.style.transform = `translate3d(0, ${Math.round(window.scrollY * HERO_PARALLAX_FACTOR)}px, 0)`;
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(apply);
    };
    apply();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
      media.style.transform = '';
    };
  }, [reduced]);

  const toggle = () => {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused) {
      video.play().catch(() => setPlaying(false));
    } else {
      video.pause();
    }
  };

  return (
    <section className="hero" aria-labelledby="hero-title" style={{ backgroundImage: `url(${HERO_VIDEO.poster})` }}>
      <div className="hero__media" ref={mediaRef}>
        <video
          ref={videoRef}
          className="hero__video"
          poster={HERO_VIDEO.poster}
          muted
          loop
          playsInline
          // Started by the app once it knows whether the visitor asked for less motion (the effect above): the
          // page the server draws cannot know it, so its video neither autoplays nor loads before the app runs.
          preload="none"
          aria-hidden="true"
          tabIndex={-1}
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
        >
          {/* The smaller file first (MP4 271 KB, WebM 614 KB); browsers without H.264 take the WebM. */}
          <source src={HERO_VIDEO.mp4} type="video/mp4" />
          <source src={HERO_VIDEO.webm} type="video/webm" />
        </video>
      </div>
      <div className="hero__shade" aria-hidden="true" />
      <div className="hero__content">
        <p className="hero__eyebrow">Posgrado universitario · Formación del profesorado</p>
        <h1 id="hero-title" className="hero__title">
          {SITE_NAME}
        </h1>
        <p className="hero__lead">
          Aprender a reconocer, comprender y acompañar las emociones para construir escuelas donde todas las personas se sientan seguras,
          escuchadas y capaces.
        </p>
        <div className="hero__actions">
          <button type="button" className="button button--accent" onClick={onMore}>
            Ver más
          </button>
        </div>
      </div>
      <button type="button" className="hero__playback" onClick={toggle}>
        <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          {playing ? <path d="M4 2h3v12H4zM9 2h3v12H9z" fill="currentColor" /> : <path d="M4 2l10 6-10 6z" fill="currentColor" />}
        </svg>
        <span>{playing ? 'Pausar vídeo' : 'Reproducir vídeo'}</span>
      </button>
    </section>
  );
}
