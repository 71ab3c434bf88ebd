import { useAppSelector } from '@/client/app/hooks';
import { paths } from '@/client/app/paths';
import { useListBiographiesQuery } from '@/client/api/biographies';
import { useListPublicationsQuery } from '@/client/api/publications';
import { useListSectionsQuery } from '@/client/api/sections';
import { selectUser } from '@/client/session/session-slice';
import { SummaryCard } from './summary-card';
import { useDocumentTitle } from './use-document-title';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** /admin: how much content there is, and the way to each list (requirements §2). */
export function AdminLanding() {
  useDocumentTitle('Resumen');
  const user = useAppSelector(selectUser);
  const sections = useListSectionsQuery();
  const publications = useListPublicationsQuery();
  const biographies = useListBiographiesQuery();

  const visibleSections = sections.data?.filter((s) => s.is_active).length ?? 0;
  const published = publications.data?.filter((p) => p.status === 'published').length ?? 0;
  const activeBiographies = biographies.data?.filter((b) => b.is_active).length ?? 0;

  return (
    <>
      <h1 className="admin-page-title">Resumen</h1>
      <p className="admin-lead">Hola, {user?.username}. Este es el contenido del sitio.</p>
      <div className="summary-grid">
        <SummaryCard
          title="Secciones"
          total={sections.data?.length}
          detail={plural(visibleSections, 'visible', 'visibles')}
          to={paths.admin.sections.getHref()}
          linkLabel="Gestionar secciones"
          isLoading={sections.isLoading}
          isError={sections.isError}
          onRetry={sections.refetch}
        />
        <SummaryCard
          title="Publicaciones"
          total={publications.data?.length}
          detail={plural(published, 'publicada', 'publicadas')}
          to={paths.admin.publications.getHref()}
          linkLabel="Gestionar publicaciones"
          isLoading={publications.isLoading}
          isError={publications.isError}
          onRetry={publications.refetch}
        />
        <SummaryCard
          title="Biografías"
          total={biographies.data?.length}
          detail={plural(activeBiographies, 'activa', 'activas')}
          to={paths.admin.biographies.getHref()}
          linkLabel="Gestionar biografías"
          isLoading={biographies.isLoading}
          isError={biographies.isError}
          onRetry={biographies.refetch}
        />
      </div>
    </>
  );
}
