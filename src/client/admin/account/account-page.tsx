import { DevToolsToggle } from '@/client/app/devtools/devtools-toggle';
import { useAppSelector } from '@/client/app/hooks';
import { selectUser } from '@/client/session/session-slice';
import { ROLE_LABELS } from '@/domain/accounts';
import { DetailList } from '../kit/detail-list';
import { PageHeader } from '../kit/page-header';
import { useAccount } from '../kit/permissions';
import { useDocumentTitle } from '../kit/use-document-title';
import { EmailForm } from './email-form';
import { PasswordForm } from './password-form';
import { SessionsTable } from './sessions-table';
import './account.css';

/**
 * /admin/cuenta ('Mi cuenta', linked from the username in the header): who is
 * signed in, 'Correo electrónico', 'Cambiar contraseña', 'Sesiones abiertas', and for
 * Administradores the developers' options.
 */
export function AccountPage() {
  useDocumentTitle('Mi cuenta');
  const { data: account } = useAccount();
  const signedIn = useAppSelector(selectUser)?.username;
  const username = account?.username ?? signedIn ?? '';

  return (
    <>
      <PageHeader title="Mi cuenta" />
      <div className="admin-card account-summary">
        <DetailList
          items={[
            ['Usuario', username],
            ['Nombre', account?.name],
            ['Rol', account ? ROLE_LABELS[account.role] : undefined],
          ]}
        />
      </div>
      <EmailForm account={account} username={username} />
      <PasswordForm username={username} />
      <SessionsTable />
      {account?.role === 'admin' && (
        <section className="admin-card account-developers" aria-labelledby="account-developers-title">
          <h2 id="account-developers-title" className="account-section-title">
            Opciones para desarrolladores
          </h2>
          {process.env.NODE_ENV === 'production' ? (
            <DevToolsToggle />
          ) : (
            <p className="account-lead">En desarrollo, Redux DevTools están siempre activas en este navegador.</p>
          )}
        </section>
      )}
    </>
  );
}
