import { Link } from 'react-router';
import { FACULTY_LABEL, publicSections } from '@/domain/catalogue';
import { paths } from '@/client/app/paths';
import { usePageMeta } from './use-page-meta';
import './not-found-page.css';

/** Every unknown address, /giese included (requirements §10.4): a Spanish 404 with a way home. */
export function NotFoundPage() {
  usePageMeta('Página no encontrada', 'La página que buscas no existe o se ha movido.');
  return (
    <div className="container page-body not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 className="not-found__title">Página no encontrada</h1>
      <p className="not-found__text">
        La página que buscas no existe o se ha movido. Puedes volver al inicio o visitar alguna de estas secciones:
      </p>
      <p>
        <Link className="button button--primary" to={paths.home.getHref()}>
          Volver al inicio
        </Link>
      </p>
      <ul className="not-found__links">
        {publicSections.map((s) => (
          <li key={s.slug}>
            <Link to={paths.sectionList.getHref(s.slug)}>{s.title}</Link>
          </li>
        ))}
        <li>
          <Link to={paths.faculty.getHref()}>{FACULTY_LABEL}</Link>
        </li>
      </ul>
    </div>
  );
}
