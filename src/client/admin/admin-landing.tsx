import { Link } from 'react-router';
import { useAppSelector } from '@/client/app/hooks';
import { paths } from '@/client/app/paths';
import { useGetContentSummaryQuery } from '@/client/api/summary';
import { selectUser } from '@/client/session/session-slice';
import { SummaryCard } from './summary-card';
import { useDocumentTitle } from './kit/use-document-title';

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
      {data && data.locked_usernames.length > 0 && <LockedUsernames usernames={data.locked_usernames} />}
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

/**
 * Usernames that failed sign-ins have locked for unknown browsers (docs/decisions/123): who
 * is affected and what still works, so that nobody mistakes it for a fault of the site.
 */
function LockedUsernames({ usernames }: { usernames: string[] }) {
  const names = usernames.map((name) => `«${name}»`).join(', ');
  return (
    <div className="kit-warning admin-landing-warning" role="status">
      <p>
        {usernames.length === 1 ? `El usuario ${names} está bloqueado` : `Los usuarios ${names} están bloqueados`} para los navegadores
        desconocidos por demasiados intentos fallidos de inicio de sesión. Desde un navegador donde ya se inició sesión se puede seguir
        entrando. <Link to={`${paths.admin.activity.getHref()}?kind=sign_in_locked`}>Ver en Actividad</Link>
      </p>
    </div>
  );
}
