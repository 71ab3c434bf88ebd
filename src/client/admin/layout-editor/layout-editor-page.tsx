import { useEffect } from 'react';
import { Link } from 'react-router';
import { paths } from '@/client/app/paths';
import { useAppDispatch } from '@/client/app/hooks';
import { useDocumentTitle } from '../use-document-title';
import { LayoutEditor } from './layout-editor';
import { layoutEditorActions } from './layout-editor-slice';

/**
 * /admin/publications/new while the publication form is being built: the
 * layout editor on its own, so that the design of a new publication can be
 * tried. The form page takes this route over and embeds <LayoutEditor />.
 */
export default function LayoutEditorPage() {
  useDocumentTitle('Nueva Publicación');
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(layoutEditorActions.layoutLoaded([]));
  }, [dispatch]);

  return (
    <>
      <h1 className="admin-page-title">Nueva Publicación</h1>
      <p className="admin-lead">
        El resto del formulario (título, sección, fecha, imagen destacada) está en preparación; el diseño ya puede probarse aquí, aunque
        todavía no se guarda. <Link to={paths.admin.publications.getHref()}>Volver a Publicaciones</Link>
      </p>
      <div className="admin-card">
        <LayoutEditor />
      </div>
    </>
  );
}
