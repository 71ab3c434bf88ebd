import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import {
  useCreateInvitationMutation,
  useListUsersQuery,
  useRevokeUserPreviewLinksMutation,
  useUpdateUserMutation,
  type StaffUser,
} from '@/client/api/accounts';
import { paths } from '@/client/app/paths';
import { siteSendsMail } from '@/client/ui/settings-script';
import { ACCOUNT_STATE_LABELS, ROLE_LABELS, type AccountState, type Role } from '@/domain/accounts';
import { ConfirmDialog } from '../kit/confirm-dialog';
import { DataTable, type Column } from '../kit/data-table';
import { formatMoment } from '../kit/format-moment';
import { LoadError, Loading } from '../kit/load-states';
import { useNotices } from '../kit/notices';
import { PageHeader } from '../kit/page-header';
import { Forbidden, useAccount } from '../kit/permissions';
import { readApiFailure } from '../kit/server-errors';
import { StatusBadge, type BadgeTone } from '../kit/status-badge';
import { useDocumentTitle } from '../kit/use-document-title';
import { BreakableText } from './breakable-text';
import { EmailDialog } from './email-dialog';
import { InvitationLink, type ShownLink } from './invitation-link';
import { MailOffNote } from './mail-off-note';
import { NewUserForm } from './new-user-form';
import './users.css';

const STATE_TONES: Record<AccountState, BadgeTone> = {
  active: 'positive',
  inactive: 'neutral',
  invited: 'warning',
  invitation_expired: 'neutral',
};

const otherRole = (role: Role): Role => (role === 'admin' ? 'editor' : 'admin');

/** A question the administrator confirms before it is sent. */
type Pending =
  | { kind: 'reset'; user: StaffUser }
  | { kind: 'deactivate'; user: StaffUser }
  | { kind: 'role'; user: StaffUser; role: Role }
  | { kind: 'links'; user: StaffUser };

const linksCount = (count: number) => (count === 1 ? '1 enlace privado' : `${count} enlaces privados`);

/** What the dialog asks before `pending` is sent, each kind with what it carries (the role it changes to). */
function questionFor(pending: Pending): { message: string; note: string; confirm: string } {
  switch (pending.kind) {
    case 'reset':
      return {
        message: '¿Restablecer la contraseña de esta persona?',
        note: 'Su contraseña dejará de funcionar, se cerrarán todas sus sesiones y sus enlaces privados dejarán de funcionar. Recibirá un enlace para que elija otra.',
        confirm: 'Restablecer contraseña',
      };
    case 'deactivate':
      return {
        message: '¿Desactivar esta cuenta?',
        note: 'No podrá iniciar sesión, sus sesiones abiertas terminan con su siguiente petición y sus enlaces privados dejan de funcionar. Podrá activarla de nuevo.',
        confirm: 'Desactivar',
      };
    case 'links':
      return {
        message: `¿Revocar ${linksCount(pending.user.preview_links)} de esta persona?`,
        note: 'Quien tenga esas direcciones dejará de ver los borradores en el acto. No se puede deshacer.',
        confirm: 'Revocar todos',
      };
    case 'role': {
      const label = ROLE_LABELS[pending.role];
      return {
        message: `¿Cambiar el rol de esta persona a ${label}?`,
        note: 'El cambio se aplica en su siguiente petición.',
        confirm: `Cambiar a ${label}`,
      };
    }
  }
}

/**
 * /admin/usuarios (Administrador only): the colleagues' accounts, never
 * deleted, only deactivated. New colleagues join by a one-time link the
 * administrator passes on, also mailed to their address when the site sends
 * mail ('Correo' then lists what went); a forgotten password is replaced the same way.
 */
export function UsersPage() {
  useDocumentTitle('Usuarios');
  const { notify } = useNotices();
  const { data: me } = useAccount();
  const { data, isLoading, isError, error, isFetching, refetch } = useListUsersQuery(undefined, { refetchOnMountOrArgChange: true });
  const [updateUser, { isLoading: updating }] = useUpdateUserMutation();
  const [createInvitation, { isLoading: inviting }] = useCreateInvitationMutation();
  const [revokeLinks, { isLoading: revoking }] = useRevokeUserPreviewLinksMutation();
  const [creating, setCreating] = useState(false);
  const [link, setLink] = useState<ShownLink | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [editingEmail, setEditingEmail] = useState<StaffUser | null>(null);
  // Written into the page by the server: whether an SMTP server is configured does not change while it runs.
  const [mail] = useState(siteSendsMail);
  const users = useMemo(() => data ?? [], [data]);

  const refused = (failure: unknown, fallback: string) => notify(readApiFailure(failure).detail ?? fallback, 'error');

  const newLink = async (user: StaffUser, kind: ShownLink['kind']) => {
    const result = await createInvitation(user.id);
    if ('error' in result) refused(result.error, 'No se pudo crear el enlace. Inténtelo de nuevo.');
    else setLink({ invitation: result.data, username: user.username, kind });
  };

  const setActive = async (user: StaffUser, active: boolean) => {
    const result = await updateUser({ id: user.id, is_active: active });
    if ('error' in result) refused(result.error, 'No se pudo cambiar la cuenta. Inténtelo de nuevo.');
    else notify(active ? `Cuenta de ${user.username} activada.` : `Cuenta de ${user.username} desactivada.`);
  };

  const confirm = async () => {
    if (!pending) return;
    const { user } = pending;
    if (pending.kind === 'reset') await newLink(user, 'reset');
    else if (pending.kind === 'deactivate') await setActive(user, false);
    else if (pending.kind === 'links') {
      const result = await revokeLinks(user.id);
      if ('error' in result) refused(result.error, 'No se pudieron revocar los enlaces. Inténtelo de nuevo.');
      else
        notify(
          `${result.data.revoked === 1 ? 'Revocado 1 enlace privado' : `Revocados ${result.data.revoked} enlaces privados`} de ${user.username}.`,
        );
    } else {
      const result = await updateUser({ id: user.id, role: pending.role });
      if ('error' in result) refused(result.error, 'No se pudo cambiar el rol. Inténtelo de nuevo.');
      else notify(`${user.username} es ahora ${ROLE_LABELS[pending.role]}.`);
    }
    setPending(null);
  };

  const columns = useMemo<Column<StaffUser>[]>(
    () => [
      {
        // The address sits under the username: both name the account, and the table has no room for
        // another column at 1280 px (see cardsBelow).
        header: 'Usuario y correo',
        // Room for the parts of an address-like username ('gonzalez@', 'universidad-de-') whole.
        width: 'minmax(11rem, 1.6fr)',
        primary: true,
        cell: (user) => (
          <span className="users-account">
            <span>
              <BreakableText text={user.username} />
              {user.id === me?.id && <span className="kit-muted"> (usted)</span>}
            </span>
            {user.email ? (
              <span className="users-email">
                <BreakableText text={user.email} />
              </span>
            ) : (
              <span className="users-email kit-muted">Sin correo</span>
            )}
          </span>
        ),
      },
      { header: 'Nombre', width: 'minmax(7rem, 1fr)', cell: (user) => user.name || <span className="kit-muted">—</span> },
      { header: 'Rol', width: '7.5rem', cell: (user) => ROLE_LABELS[user.role] },
      {
        header: 'Estado',
        width: '10.5rem',
        cell: (user) => (
          <span className="users-state">
            <StatusBadge tone={STATE_TONES[user.state]}>{ACCOUNT_STATE_LABELS[user.state]}</StatusBadge>
            <span className="kit-muted">Enlaces privados: {user.preview_links}</span>
          </span>
        ),
      },
      {
        header: 'Último acceso',
        width: '7rem',
        cell: (user) =>
          user.last_login_at ? (
            <time dateTime={user.last_login_at}>{formatMoment(user.last_login_at)}</time>
          ) : (
            <span className="kit-muted">Nunca</span>
          ),
      },
    ],
    [me?.id],
  );

  const actions = (user: StaffUser) => {
    const self = user.id === me?.id;
    const waitingForLink = user.state === 'invited' || user.state === 'invitation_expired';
    const busy = updating || inviting || revoking;
    return (
      <span className="kit-row-actions users-row-actions">
        {waitingForLink && (
          <button
            type="button"
            className="kit-button kit-button-small kit-button-quiet"
            aria-label={`Nuevo enlace para ${user.username}`}
            disabled={busy}
            onClick={() => void newLink(user, 'invitation')}
          >
            Nuevo enlace
          </button>
        )}
        {user.state === 'active' && !self && (
          <button
            type="button"
            className="kit-button kit-button-small kit-button-quiet"
            aria-label={`Restablecer contraseña de ${user.username}`}
            disabled={busy}
            onClick={() => setPending({ kind: 'reset', user })}
          >
            Restablecer contraseña
          </button>
        )}
        {/* One's own address changes in Mi cuenta, with the password and a link to the new one (the server refuses it here). */}
        {self ? (
          <Link className="kit-button kit-button-small kit-button-quiet" to={paths.admin.account.getHref()}>
            Correo en Mi cuenta
          </Link>
        ) : (
          <button
            type="button"
            className="kit-button kit-button-small kit-button-quiet"
            aria-label={`${user.email ? 'Cambiar correo' : 'Añadir correo'} de ${user.username}`}
            disabled={busy}
            onClick={() => setEditingEmail(user)}
          >
            {user.email ? 'Cambiar correo' : 'Añadir correo'}
          </button>
        )}
        {user.preview_links > 0 && (
          <button
            type="button"
            className="kit-button kit-button-small kit-button-danger-quiet"
            aria-label={`Revocar todos los enlaces privados de ${user.username}`}
            disabled={busy}
            onClick={() => setPending({ kind: 'links', user })}
          >
            Revocar todos
          </button>
        )}
        {/* Nobody demotes or deactivates themselves (the server refuses it too). */}
        {!self && (
          <button
            type="button"
            className="kit-button kit-button-small kit-button-quiet"
            aria-label={`Cambiar a ${ROLE_LABELS[otherRole(user.role)]} (${user.username})`}
            disabled={busy}
            onClick={() => setPending({ kind: 'role', user, role: otherRole(user.role) })}
          >
            Cambiar a {ROLE_LABELS[otherRole(user.role)]}
          </button>
        )}
        {!self &&
          (user.state === 'inactive' ? (
            <button
              type="button"
              className="kit-button kit-button-small kit-button-quiet"
              aria-label={`Activar ${user.username}`}
              disabled={busy}
              onClick={() => void setActive(user, true)}
            >
              Activar
            </button>
          ) : (
            <button
              type="button"
              className="kit-button kit-button-small kit-button-danger-quiet"
              aria-label={`Desactivar ${user.username}`}
              disabled={busy}
              onClick={() => setPending({ kind: 'deactivate', user })}
            >
              Desactivar
            </button>
          ))}
      </span>
    );
  };

  // The role changed while the page was open: the server now refuses the list.
  if (isError && readApiFailure(error).status === 403) return <Forbidden title="Usuarios" />;

  const question = pending ? questionFor(pending) : null;

  return (
    <>
      <PageHeader
        title="Usuarios"
        action={
          (mail || !creating) && (
            <span className="users-header-actions">
              {/* The outbox is worth a look only where mail is sent (its address still answers otherwise). */}
              {mail && (
                <Link className="kit-button kit-button-secondary" to={paths.admin.usersMail.getHref()}>
                  Correo
                </Link>
              )}
              {!creating && (
                <button
                  type="button"
                  className="kit-button kit-button-primary"
                  onClick={() => {
                    setLink(null);
                    setCreating(true);
                    requestAnimationFrame(() => document.getElementById('users-new-title')?.focus());
                  }}
                >
                  Nuevo usuario
                </button>
              )}
            </span>
          )
        }
      >
        <p>Las personas que trabajan en el panel. Las cuentas no se eliminan: se desactivan, y su historial conserva su autoría.</p>
        {!mail && <MailOffNote />}
      </PageHeader>
      {creating && (
        <NewUserForm
          mail={mail}
          onCreated={(user, invitation) => {
            setCreating(false);
            setLink({ invitation, username: user.username, kind: 'invitation' });
            notify(`Usuario ${user.username} creado.`);
          }}
          onCancel={() => setCreating(false)}
        />
      )}
      {link && <InvitationLink key={link.invitation.url} link={link} onClose={() => setLink(null)} />}
      {isLoading ? (
        <Loading />
      ) : isError ? (
        <LoadError message="No se pudieron cargar los usuarios." onRetry={() => void refetch()} retrying={isFetching} />
      ) : (
        // The columns' least (11 + 7 + 7.5 + 10.5 + 7 + 9 rem), five gaps and the row's padding: 930 px.
        <DataTable caption="Usuarios" items={users} columns={columns} actions={actions} actionsWidth="9rem" cardsBelow={930} />
      )}
      <EmailDialog
        user={editingEmail}
        mail={mail}
        onSaved={(before, after) => {
          setEditingEmail(null);
          notify(
            after.email
              ? `El correo de ${after.username} es ahora ${after.email}.`
              : `Se ha quitado el correo de ${after.username}${before.email ? ` (${before.email})` : ''}.`,
          );
        }}
        onCancel={() => setEditingEmail(null)}
      />
      <ConfirmDialog
        open={pending !== null}
        message={question?.message ?? ''}
        detail={pending ? `${pending.user.username}${pending.user.name ? ` (${pending.user.name})` : ''}` : undefined}
        note={question?.note}
        confirmLabel={question?.confirm}
        busy={updating || inviting || revoking}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      />
    </>
  );
}
