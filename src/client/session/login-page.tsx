import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation } from 'react-router';
import { SIGN_IN_ARRIVAL } from '@/client/app/arrival';
import { isRecord } from '@/domain/guards';
import { validateLogin } from '@/domain/validation';
import { accountMessages } from '@/domain/accounts';
import { siteSendsMail } from '@/client/ui/settings-script';
import { ADMIN_NAME, adminPageTitle, SITE_NAME } from '@/domain/catalogue';
import { paths } from '@/client/app/paths';
import { useLoginMutation } from '@/client/api/auth';
import { loginErrorMessage } from './login-error-message';
import { SessionLoading } from './session-loading';
import { useRestoredSession } from './use-restored-session';
import './login-page.css';

/**
 * Where a signed-in administrator goes from here: back to the admin page a
 * lost session left (the guard's ReturnTo: the work was interrupted, not finished), else /admin
 * (requirements §2). Only admin pages: the state is this tab's history entry,
 * but nothing read from it leads out of the panel.
 */
function returnPathOf(state: unknown): string {
  const from = isRecord(state) ? state.from : undefined;
  const admin = paths.admin.root.getHref();
  const isAdminPage =
    typeof from === 'string' && (from === admin || from.startsWith(`${admin}/`)) && !from.startsWith(paths.admin.login.getHref());
  return isAdminPage ? from : admin;
}

interface LoginValues {
  username: string;
  password: string;
}

/**
 * /admin/login (and /login): requirements §2, §4, §5, §8. Signing in starts the
 * session; a signed-in user goes on to /admin, or back to the page a lost
 * session left.
 */
export function LoginPage() {
  const { restored, user } = useRestoredSession();
  const returnTo = returnPathOf(useLocation().state);
  const [login, { isLoading }] = useLoginMutation();
  // The sign-in's one message (fields left empty, or the server's refusal) is the form's, not a field's.
  const form = useForm<LoginValues>({ defaultValues: { username: '', password: '' } });
  const error = form.formState.errors.root?.login?.message;
  const [failedAttempts, setFailedAttempts] = useState(0);
  const focusedAttempt = useRef(0);
  const usernameInput = useRef<HTMLInputElement | null>(null);
  const passwordInput = useRef<HTMLInputElement | null>(null);
  const [mailConfigured] = useState(siteSendsMail);

  useEffect(() => {
    document.title = adminPageTitle('Iniciar sesión');
  }, []);

  // The screen is for typing: the first key pressed once it shows goes into 'Usuario'
  // (unless the person has already put the keyboard somewhere else).
  const showsForm = restored && !user;
  useEffect(() => {
    const active = document.activeElement;
    if (showsForm && (!active || active === document.body)) usernameInput.current?.focus();
  }, [showsForm]);

  // After a failed attempt the fields come back enabled; the cleared password is where to type next.
  useEffect(() => {
    if (failedAttempts > focusedAttempt.current && !isLoading) {
      focusedAttempt.current = failedAttempts;
      passwordInput.current?.focus();
    }
  }, [failedAttempts, isLoading]);

  if (!restored) return <SessionLoading />;
  if (user) return <Navigate to={returnTo} replace state={SIGN_IN_ARRIVAL} />;

  // Editing either field takes the message away: it spoke of what was there before.
  const clearsError = { onChange: () => form.clearErrors('root.login') };
  const usernameField = form.register('username', clearsError);
  const passwordField = form.register('password', clearsError);

  const submit = form.handleSubmit(async ({ username, password }) => {
    const invalid = validateLogin({ username, password });
    if (invalid) {
      form.setError('root.login', { message: invalid });
      return;
    }
    try {
      await login({ username: username.trim(), password }).unwrap();
    } catch (failure) {
      form.setValue('password', '');
      form.setError('root.login', { message: loginErrorMessage(failure) });
      setFailedAttempts((count) => count + 1);
    }
  });

  return (
    <div className="login">
      <p className="login-brand">
        {SITE_NAME}
        <span className="login-brand-sub">{ADMIN_NAME}</span>
      </p>
      <main className="login-card" aria-labelledby="login-title">
        <h1 id="login-title" className="login-title">
          Iniciar sesión
        </h1>
        {error && (
          <div className="login-error" role="alert">
            {error}
          </div>
        )}
        <form className="login-form" noValidate onSubmit={(event) => void submit(event)}>
          <div className="login-field">
            <label htmlFor="login-username">Usuario</label>
            <input
              id="login-username"
              type="text"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              disabled={isLoading}
              {...usernameField}
              ref={(input) => {
                usernameField.ref(input);
                usernameInput.current = input;
              }}
            />
          </div>
          <div className="login-field">
            <label htmlFor="login-password">Contraseña</label>
            <input
              id="login-password"
              type="password"
              autoComplete="current-password"
              disabled={isLoading}
              {...passwordField}
              ref={(input) => {
                passwordField.ref(input);
                passwordInput.current = input;
              }}
            />
          </div>
          <button className="login-submit" type="submit" disabled={isLoading}>
            {isLoading ? 'Iniciando sesión...' : 'Iniciar sesión'}
          </button>
        </form>
        {/* With mail, a link by mail (docs/decisions/204); without, a new password comes from a colleague's one-time link. */}
        <p className="login-help">
          {mailConfigured ? (
            <Link to={paths.admin.forgotPassword.getHref()}>¿Ha olvidado su contraseña?</Link>
          ) : (
            accountMessages.forgotPassword
          )}
        </p>
        <p className="login-back">
          {/* The public site is another document (index.html): a full page load. */}
          <a href={paths.home.getHref()}>Volver al sitio</a>
        </p>
      </main>
    </div>
  );
}
