import { Link } from 'react-router';
import { paths } from '@/client/app/paths';
import { useDocumentTitle } from './kit/use-document-title';

/** An /admin address that leads nowhere. */
export function AdminNotFoundPage() {
  useDocumentTitle('Página no encontrada');
  return (
    <>
      <h1 className="admin-page-title" tabIndex={-1}>
        Página no encontrada
      </h1>
      <section className="admin-card" aria-label="Qué hacer ahora">
        <p>Esta dirección no corresponde a ninguna pantalla del panel.</p>
        <Link to={paths.admin.root.getHref()}>Volver al resumen</Link>
      </section>
    </>
  );
}
