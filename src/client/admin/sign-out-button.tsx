import { useState } from 'react';
import { useAppSelector } from '@/client/app/hooks';
import { selectUser } from '@/client/session/session-slice';
import { useSignOut } from '@/client/session/use-sign-out';
import { draftKeysOf, removeDraftsOf, writePendingDrafts } from './kit/draft-store';
import { ConfirmDialog } from './kit/confirm-dialog';

/**
 * 'Cerrar sesión' (requirements §4). The drafts this administrator left in the
 * browser go with the session, since the next person at a shared computer
 * must not see them; when there are any, it says so first, since signing out
 * then throws away work (docs/decisions/110).
 */
export function SignOutButton() {
  const username = useAppSelector(selectUser)?.username;
  const signOut = useSignOut();
  const [drafts, setDrafts] = useState(0);
  const [leaving, setLeaving] = useState(false);

  const leave = () => {
    setLeaving(true);
    void signOut();
  };

  const start = () => {
    // A form's last keystrokes are written first, so that they are counted (and removed) too.
    writePendingDrafts();
    const count = username ? draftKeysOf(username).length : 0;
    if (count === 0) leave();
    else setDrafts(count);
  };

  const confirm = () => {
    if (username) removeDraftsOf(username);
    setDrafts(0);
    leave();
  };

  return (
    <>
      <button type="button" className="admin-signout" onClick={start} disabled={leaving} aria-busy={leaving}>
        Cerrar sesión
      </button>
      <ConfirmDialog
        open={drafts > 0}
        message="¿Cerrar sesión y borrar los borradores?"
        detail={
          drafts === 1
            ? 'Hay un borrador sin guardar en este navegador. Al cerrar la sesión se borrará, para que nadie más lo vea en este equipo.'
            : `Hay ${drafts} borradores sin guardar en este navegador. Al cerrar la sesión se borrarán, para que nadie más los vea en este equipo.`
        }
        confirmLabel="Cerrar sesión y borrar"
        onConfirm={confirm}
        onCancel={() => setDrafts(0)}
      />
    </>
  );
}
