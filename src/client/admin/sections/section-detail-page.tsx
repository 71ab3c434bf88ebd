import { Link, useParams } from 'react-router';
import { paths } from '@/client/app/paths';
import { useGetSectionQuery } from '@/client/api/sections';
import { formatLongDate } from '@/client/ui/format-date';
import { messages } from '@/domain/messages';
import { DetailList } from '../kit/detail-list';
import { EmptyState, Loading } from '../kit/load-states';
import { PageHeader } from '../kit/page-header';
import { parseId } from '../kit/parse-id';
import { StatusBadge } from '../kit/status-badge';
import { useDocumentTitle } from '../use-document-title';
import { sectionStatus } from './section-status';

/** /admin/sections/{id} (requirements §2): 'Detalle de Sección' with title, slug, status, order and creation date. */
export function SectionDetailPage() {
  useDocumentTitle('Detalle de Sección');
  const id = parseId(useParams().id);
  const { data: section, isLoading, isError } = useGetSectionQuery(id ?? 0, { skip: id === null });

  if (id !== null && isLoading) return <Loading />;
  if (id === null || isError || !section) {
    return (
      <>
        <PageHeader title="Detalle de Sección" />
        <EmptyState message={messages.sectionNotFoundDetail}>
          <Link to={paths.admin.sections.getHref()}>Volver a Secciones</Link>
        </EmptyState>
      </>
    );
  }
  return (
    <>
      <PageHeader
        title="Detalle de Sección"
        action={
          <Link className="kit-button kit-button-primary" to={paths.admin.sectionEdit.getHref(section.id)}>
            Editar
          </Link>
        }
      />
      <section className="admin-card" aria-label={section.title}>
        <DetailList
          items={[
            ['Título', section.title],
            ['Slug', <code key="slug">{section.slug}</code>],
            ['Estado', <StatusBadge key="status" tone={section.is_active ? 'positive' : 'neutral'}>{sectionStatus(section)}</StatusBadge>],
            ['Orden', section.order],
            ['Fecha de creación', formatLongDate(section.created_at)],
          ]}
        />
      </section>
      <p className="kit-back-link">
        <Link to={paths.admin.sections.getHref()}>Volver a Secciones</Link>
      </p>
    </>
  );
}
