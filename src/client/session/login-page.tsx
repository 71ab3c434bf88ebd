import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, Navigate } from 'react-router';
import { validateLogin } from '@/domain/validation';
import { ADMIN_NAME, adminPageTitle, SITE_NAME } from '@/domain/catalogue';
import { paths } from '@/client/app/paths';
import { useLoginMutation } from '@/client/api/auth';
import { loginErrorMessage } from './login-error-message';
import { SessionLoading } from './session-loading';
import { useRestoredSession } from './use-restored-session';
import './login-page.css';

/**
 * /admin/login (and /login): requirements §2, §4, §5, §8. Signing in starts the
 * session; a signed-in user goes on to /admin.
 */
export function LoginPage() {
  const { restored, user } = useRestoredSession();
  const [login, { isLoading }] = useLoginMutation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const [failedAttempts, setFailedAttempts] = useState(0);
  const focusedAttempt = useRef(0);

  useEffect(() => {
    document.title = adminPageTitle('Iniciar sesión');
  }, []);

  // After a failed attempt the fields come back enabled; the cleared password is where to type next.
  useEffect(() => {
    if (failedAttempts > focusedAttempt.current && !isLoading) {
      focusedAttempt.current = failedAttempts;
      passwordInput.current?.focus();
    }
  }, [failedAttempts, isLoading]);

  if (!restored) return <SessionLoading />;
  if (user) return <Navigate to={paths.admin.root.getHref()} replace />;

  const edit = (setter: (value: string) => void) => (event: ChangeEvent<HTMLInputElement>) => {
    setter(event.target.value);
    setError(null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = validateLogin({ username, password });
    if (invalid) {
      setError(invalid);
      return;
    }
    try {
      await login({ username: username.trim(), password }).unwrap();
    } catch (failure) {
      setError(loginErrorMessage(failure));
      setPassword('');
      setFailedAttempts((count) => count + 1);
    }
  };

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
        <form className="login-form" noValidate onSubmit={submit}>
          <div className="login-field">
            <label htmlFor="login-username">Usuario</label>
            <input
              id="login-username"
              name="username"
              type="text"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              value={username}
              onChange={edit(setUsername)}
              disabled={isLoading}
            />
          </div>
          <div className="login-field">
            <label htmlFor="login-password">Contraseña</label>
            <input
              ref={passwordInput}
              id="login-password"
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={edit(setPassword)}
              disabled={isLoading}
            />
          </div>
          <button className="login-submit" type="submit" disabled={isLoading}>
            {isLoading ? 'Iniciando sesión...' : 'Iniciar sesión'}
          </button>
        </form>
        <p className="login-back">
          <Link to={paths.home.getHref()}>Volver al sitio</Link>
        </p>
      </main>
    </div>
  );
}
