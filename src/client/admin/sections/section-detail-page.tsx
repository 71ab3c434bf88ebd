import { Link, useParams } from 'react-router';
import { paths } from '@/client/app/paths';
import { useGetSectionQuery } from '@/client/api/sections';
import { formatLongDate } from '@/client/ui/format-date';
import type { Section } from '@/domain/entities';
import { messages } from '@/domain/messages';
import { DetailList } from '../kit/detail-list';
import { PageHeader } from '../kit/page-header';
import { parseId } from '../kit/parse-id';
import { RecordGate } from '../kit/record-gate';
import { StatusBadge } from '../kit/status-badge';
import { useDocumentTitle } from '../use-document-title';
import { sectionStatus } from './section-status';

/** /admin/sections/{id} (requirements §2): 'Detalle de Sección' with title, slug, status, order and creation date. */
export function SectionDetailPage() {
  useDocumentTitle('Detalle de Sección');
  const id = parseId(useParams().id);
  const query = useGetSectionQuery(id ?? 0, { skip: id === null });
  return (
    <RecordGate id={id} query={query} title="Detalle de Sección" missing={messages.sectionNotFoundDetail} back={{ to: paths.admin.sections.getHref(), label: 'Volver a Secciones' }}>
      {(section) => <SectionDetail section={section} />}
    </RecordGate>
  );
}

function SectionDetail({ section }: { section: Section }) {
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
