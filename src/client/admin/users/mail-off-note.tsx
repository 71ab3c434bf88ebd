/**
 * Said under the heading of Usuarios and Correo when the site sends no mail
 * (no SMTP_URL on the server, docs/decisions/202): calmly, since a site without
 * mail works; the links are then passed on by hand.
 */
export function MailOffNote() {
  return (
    <p className="users-mail-off">
      El sitio no envía correo: los enlaces de invitación y de contraseña solo se muestran aquí, una vez. Para enviarlos por correo,
      configure <code>SMTP_URL</code> y <code>MAIL_FROM</code> en el servidor.
    </p>
  );
}
