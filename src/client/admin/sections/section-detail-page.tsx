import { Link, useParams } from 'react-router';
import { LIST_ORDER_LABELS } from '@/domain/list-order';
import { paths } from '@/client/app/paths';
import { useGetSectionQuery } from '@/client/api/sections';
import { formatLongDate } from '@/client/ui/format-date';
import type { Section } from '@/domain/entities';
import { messages } from '@/domain/messages';
import { HistoryPanel } from '../kit/history-panel';
import { useIsAdministrator } from '../kit/permissions';
import { PageHeader } from '../kit/page-header';
import { parseId } from '../kit/parse-id';
import { RecordGate } from '../kit/record-gate';
import { useDocumentTitle } from '../kit/use-document-title';
import { SectionDetails } from '../kit/section-details';

/** /admin/sections/{id} (requirements §2): 'Detalle de Sección' with title, slug, status, order and creation date. */
export function SectionDetailPage() {
  useDocumentTitle('Detalle de Sección');
  const id = parseId(useParams().id);
  const query = useGetSectionQuery(id ?? 0, { skip: id === null });
  return (
    <RecordGate
      id={id}
      query={query}
      title="Detalle de Sección"
      missing={messages.sectionNotFoundDetail}
      back={{ to: paths.admin.sections.getHref(), label: 'Volver a Secciones' }}
    >
      {(section) => <SectionDetail section={section} />}
    </RecordGate>
  );
}

/**
 * Where visitors find the section's publications: the five keep their own
 * list paths, any other section lives at /{slug} (DECISIONS "What the public
 * sees"). A hidden section has no page, and says so.
 */
function PublicAddress({ section }: { section: Section }) {
  const href = paths.sectionList.getHref(section.slug);
  if (!section.is_active) return <span>{href} (no se muestra mientras la sección esté oculta)</span>;
  // The public site is another document: a plain link, in a new tab so that the panel stays open.
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {href}
      <span className="visually-hidden"> (se abre en una pestaña nueva)</span>
    </a>
  );
}

function SectionDetail({ section }: { section: Section }) {
  const manages = useIsAdministrator();
  return (
    <>
      <PageHeader
        title="Detalle de Sección"
        action={
          manages && (
            <Link className="kit-button kit-button-primary" to={paths.admin.sectionEdit.getHref(section.id)}>
              Editar
            </Link>
          )
        }
      />
      <section className="admin-card" aria-label={section.title}>
        <SectionDetails
          section={section}
          more={[
            ['Página pública', <PublicAddress key="public" section={section} />],
            ['Orden de la lista', LIST_ORDER_LABELS[section.list_order]],
            ['Orden', section.order],
            ['Fecha de creación', formatLongDate(section.created_at)],
          ]}
        />
      </section>
      <HistoryPanel kind="section" id={section.id} />
      <p className="kit-back-link">
        <Link to={paths.admin.sections.getHref()}>Volver a Secciones</Link>
      </p>
    </>
  );
}
