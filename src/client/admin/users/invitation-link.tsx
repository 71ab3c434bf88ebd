import { useEffect, useId, useRef } from 'react';
import type { Invitation } from '@/client/api/accounts';
import { formatMoment } from '../kit/format-moment';
import { absoluteLink, useCopyLink } from '../kit/use-copy-link';

export interface ShownLink {
  invitation: Invitation;
  username: string;
  kind: 'invitation' | 'reset';
}

/**
 * A password link, shown once: the server keeps only its hash, so it cannot be
 * shown again (a lost one is replaced with 'Nuevo enlace'). The administrator
 * copies it and passes it on; when the site also mailed it to the account's
 * address, a line says where (the link stays here for a colleague who does not
 * read that mail).
 */
export function InvitationLink({ link, onClose }: { link: ShownLink; onClose: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const inputId = useId();
  const noteId = useId();
  const url = absoluteLink(link.invitation.url);
  const { input, copied, copy } = useCopyLink(url);
  const title = link.kind === 'reset' ? 'Enlace para restablecer la contraseña' : 'Enlace de invitación';

  // Made by a button elsewhere on the page: the keyboard follows it here (each link is a new one: key it by its address).
  useEffect(() => heading.current?.focus(), [link]);

  return (
    <section className="admin-card users-link" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`} ref={heading} tabIndex={-1} className="users-link-title">
        {title}
      </h2>
      <p id={noteId} className="users-link-note">
        Para <strong>{link.username}</strong>. Solo se muestra ahora: cópielo y páselo a esa persona. Sirve una sola vez y caduca el{' '}
        {formatMoment(link.invitation.expires_at)}.
      </p>
      {link.invitation.mailed_to && <p className="users-link-mailed">También se ha enviado por correo a {link.invitation.mailed_to}.</p>}
      <label className="kit-label" htmlFor={inputId}>
        {title}
      </label>
      <div className="users-link-row">
        <input
          ref={input}
          id={inputId}
          className="kit-input users-link-input"
          type="text"
          readOnly
          value={url}
          aria-describedby={noteId}
          onFocus={(event) => event.target.select()}
        />
        <button type="button" className="kit-button kit-button-primary" onClick={() => void copy()}>
          Copiar enlace
        </button>
      </div>
      <p className="users-link-copied" role="status">
        {copied}
      </p>
      <button type="button" className="kit-button kit-button-secondary kit-button-small" onClick={onClose}>
        Hecho
      </button>
    </section>
  );
}
