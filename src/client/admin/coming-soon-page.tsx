import { Link } from 'react-router';
import { paths } from '@/client/app/paths';
import { useDocumentTitle } from './use-document-title';

/**
 * An honest placeholder for an admin list whose screens are not built yet:
 * it says so and leads back to the summary, rather than pretending.
 */
export function ComingSoonPage({ title, noun }: { title: string; noun: string }) {
  useDocumentTitle(title);
  return (
    <>
      <h1 className="admin-page-title">{title}</h1>
      <section className="admin-card coming-soon" aria-label="Estado de esta pantalla">
        <p className="coming-soon-badge">En preparación</p>
        <p>La gestión de {noun} todavía no está disponible en este panel. El resumen ya muestra cuántas hay.</p>
        <Link to={paths.admin.root.getHref()}>Volver al resumen</Link>
      </section>
    </>
  );
}
