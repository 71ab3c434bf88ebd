import { Suspense, useRef } from 'react';
import { Link } from 'react-router';
import { FACULTY_LABEL, publicSections, type PublicSection } from '@/domain/catalogue';
import { paths } from '@/client/app/paths';
import { Hero } from './hero';
import { lazyPage } from './lazy-page';
import { ProgrammeFacts } from './programme-facts';
import { usePageMeta } from './use-page-meta';
import { useReducedMotion } from './use-reduced-motion';
import './home-page.css';

const sectionCard = (section: PublicSection) => ({
  to: paths.sectionList.getHref(section.slug),
  title: section.title,
  text: section.teaser,
});
const [presentation, ...otherSections] = publicSections;

// Where to go next, in the navigation's order.
const EXPLORE = [
  sectionCard(presentation),
  { to: paths.faculty.getHref(), title: FACULTY_LABEL, text: 'Quiénes enseñan e investigan en el máster.' },
  ...otherSections.map(sectionCard),
];

// Below the fold, and its code is the list pages' (site-list): the server draws it with the page (its data
// comes in the page's HTML), and the browser takes that part over once the chunk has arrived, after the rest.
export const LatestNews = lazyPage(() => import(/* webpackChunkName: "site-list" */ './latest-news').then((m) => m.LatestNews));
// The next event above them, the same way and in the same chunk.
export const NextEvent = lazyPage(() => import(/* webpackChunkName: "site-list" */ './next-event').then((m) => m.NextEvent));

/** The home page's lazy parts, fetched together before the browser takes the page over (site-routes.tsx preloadPageAt). */
export const homeParts = {
  preload: (): Promise<void> => Promise.all([NextEvent.preload(), LatestNews.preload()]).then(() => undefined),
};

/** The home page: the hero, what the programme is, its key facts, where to go next, the next event and the latest news. */
export function HomePage() {
  usePageMeta(undefined);
  const aboutRef = useRef<HTMLElement>(null);
  const reduceMotion = useReducedMotion();

  const showMore = () => {
    const about = aboutRef.current;
    if (!about) return;
    about.scrollIntoView?.({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
    about.focus({ preventScroll: true });
  };

  return (
    <>
      <Hero onMore={showMore} />
      <section className="home-about" id="sobre-el-master" ref={aboutRef} tabIndex={-1} aria-labelledby="about-title">
        <div className="container home-about__grid">
          <div>
            <p className="eyebrow">Sobre el máster</p>
            <h2 id="about-title" className="section-title">
              Educar las emociones para convivir mejor
            </h2>
          </div>
          <div className="home-about__text">
            <p>
              El máster forma a docentes, orientadores y profesionales de la educación para que las emociones ocupen el lugar que merecen en
              el aula: como motor del aprendizaje, del bienestar y de una convivencia escolar basada en el respeto.
            </p>
            <p>
              Combinamos investigación, práctica reflexiva y acompañamiento cercano, con un profesorado que une la universidad y la escuela.
            </p>
            <Link className="button button--primary" to={paths.sectionList.getHref(presentation.slug)}>
              Conoce el programa
            </Link>
          </div>
        </div>
      </section>
      <ProgrammeFacts />
      <section className="home-explore" aria-labelledby="explore-title">
        <div className="container">
          <h2 id="explore-title" className="section-title">
            Explora el máster
          </h2>
          <ul className="explore-grid">
            {EXPLORE.map((item) => (
              <li key={item.to}>
                <Link className="explore-card" to={item.to}>
                  <span className="explore-card__title">{item.title}</span>
                  <span className="explore-card__text">{item.text}</span>
                  <span className="explore-card__arrow" aria-hidden="true">
                    →
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <Suspense fallback={null}>
        <NextEvent />
      </Suspense>
      <Suspense fallback={null}>
        <LatestNews />
      </Suspense>
    </>
  );
}
