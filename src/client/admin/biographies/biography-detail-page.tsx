import { Link, useParams } from 'react-router';
import { paths } from '@/client/app/paths';
import { useGetBiographyQuery } from '@/client/api/biographies';
import type { Biography } from '@/domain/entities';
import { messages } from '@/domain/messages';
import { HistoryPanel } from '../kit/history-panel';
import { DetailList } from '../kit/detail-list';
import { PageHeader } from '../kit/page-header';
import { parseId } from '../kit/parse-id';
import { RecordGate } from '../kit/record-gate';
import { StatusBadge } from '../kit/status-badge';
import { useDocumentTitle } from '../kit/use-document-title';
import { BiographyAvatar } from './biography-avatar';
import { biographyStatus } from './biography-status';
import './biographies.css';

/**
 * /admin/biographies/{id} (requirements §2): 'Detalle de Biografía' with an 'Editar'
 * button; photo or initial, name, position, biography, email as a mailto
 * link, a LinkedIn row with 'Ver perfil', and the status.
 */
export function BiographyDetailPage() {
  useDocumentTitle('Detalle de Biografía');
  const id = parseId(useParams().id);
  const query = useGetBiographyQuery(id ?? 0, { skip: id === null });
  return (
    <RecordGate
      id={id}
      query={query}
      title="Detalle de Biografía"
      missing={messages.biographyNotFound}
      back={{ to: paths.admin.biographies.getHref(), label: 'Volver a Biografías' }}
    >
      {(biography) => <BiographyDetail biography={biography} />}
    </RecordGate>
  );
}

function BiographyDetail({ biography }: { biography: Biography }) {
  return (
    <>
      <PageHeader
        title="Detalle de Biografía"
        action={
          <Link className="kit-button kit-button-primary" to={paths.admin.biographyEdit.getHref(biography.id)}>
            Editar
          </Link>
        }
      />
      <section className="admin-card biography-detail" aria-label={biography.name}>
        <BiographyAvatar biography={biography} size="large" />
        <div>
          <h2 className="biography-detail-name">{biography.name}</h2>
          <p className="biography-detail-position">{biography.position}</p>
        </div>
        <div className="biography-detail-fields">
          <DetailList
            items={[
              [
                'Biografía',
                <div key="text" className="biography-text">
                  {biography.biography}
                </div>,
              ],
              [
                'Email',
                biography.email && (
                  <a key="email" href={`mailto:${biography.email}`}>
                    {biography.email}
                  </a>
                ),
              ],
              [
                'LinkedIn',
                biography.linkedin && (
                  <a key="web" href={biography.linkedin} target="_blank" rel="noopener noreferrer">
                    Ver perfil
                  </a>
                ),
              ],
              [
                'Estado',
                <StatusBadge key="status" tone={biography.is_active ? 'positive' : 'neutral'}>
                  {biographyStatus(biography)}
                </StatusBadge>,
              ],
              ['Orden', biography.order],
            ]}
          />
        </div>
      </section>
      <HistoryPanel kind="biography" id={biography.id} />
      <p className="kit-back-link">
        <Link to={paths.admin.biographies.getHref()}>Volver a Biografías</Link>
      </p>
    </>
  );
}
