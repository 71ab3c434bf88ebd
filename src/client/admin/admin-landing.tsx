import { useAppSelector } from '@/client/app/hooks';
import { paths } from '@/client/app/paths';
import { useGetContentSummaryQuery } from '@/client/api/summary';
import { selectUser } from '@/client/session/session-slice';
import { SummaryCard } from './summary-card';
import { useDocumentTitle } from './use-document-title';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * /admin: how much content there is, and the way to each list (requirements §2).
 * The figures are counted by the server (GET /api/summary/), never by
 * downloading the lists.
 */
export function AdminLanding() {
  useDocumentTitle('Resumen');
  const user = useAppSelector(selectUser);
  const summary = useGetContentSummaryQuery();
  const { data } = summary;
  const state = { isLoading: summary.isLoading, isError: summary.isError, onRetry: summary.refetch };

  return (
    <>
      <h1 className="admin-page-title">Resumen</h1>
      <p className="admin-lead">Hola, {user?.username}. Este es el contenido del sitio.</p>
      <div className="summary-grid">
        <SummaryCard
          title="Secciones"
          total={data?.sections.total}
          detail={plural(data?.sections.visible ?? 0, 'visible', 'visibles')}
          to={paths.admin.sections.getHref()}
          linkLabel="Gestionar secciones"
          {...state}
        />
        <SummaryCard
          title="Publicaciones"
          total={data?.publications.total}
          detail={plural(data?.publications.published ?? 0, 'publicada', 'publicadas')}
          to={paths.admin.publications.getHref()}
          linkLabel="Gestionar publicaciones"
          {...state}
        />
        <SummaryCard
          title="Biografías"
          total={data?.biographies.total}
          detail={plural(data?.biographies.active ?? 0, 'activa', 'activas')}
          to={paths.admin.biographies.getHref()}
          linkLabel="Gestionar biografías"
          {...state}
        />
      </div>
    </>
  );
}
