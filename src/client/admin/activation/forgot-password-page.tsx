import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { useRequestPasswordResetMutation } from '@/client/api/password-reset';
import { paths } from '@/client/app/paths';
import { siteSendsMail } from '@/client/ui/settings-script';
import type { FieldErrors } from '@/domain/entities';
import { passwordResetMessages, validateResetRequest } from '@/domain/password-reset';
import { domainResolver } from '../kit/domain-resolver';
import { FormAlert } from '../kit/form-alert';
import { readApiFailure } from '../kit/server-errors';
import { SubmitButton } from '../kit/submit-button';
import { TextField } from '../kit/text-field';
import { useDocumentTitle } from '../kit/use-document-title';
import { AccountCard } from './account-card';

interface RequestValues {
  username_or_email: string;
}

const SEND_FAILED = 'No se pudo enviar la solicitud. Inténtelo de nuevo.';

/**
 * /admin/contrasena-olvidada (docs/decisions/204): a person who forgot their
 * password asks for a link by username or email address. The answer is the
 * same whether or not an account matched; the link arrives by mail, lasts an
 * hour and leads to /admin/activar. Without mail, the page says whom to ask.
 */
export function ForgotPasswordPage() {
  useDocumentTitle('Contraseña olvidada');
  const [mailConfigured] = useState(siteSendsMail);
  const [sent, setSent] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [request, { isLoading }] = useRequestPasswordResetMutation();
  const result = useRef<HTMLHeadingElement>(null);
  const alert = useRef<HTMLDivElement>(null);
  const form = useForm<RequestValues>({
    defaultValues: { username_or_email: '' },
    resolver: domainResolver((values: RequestValues): FieldErrors => {
      const refused = validateResetRequest(values.username_or_email);
      return refused.length > 0 ? { username_or_email: refused } : {};
    }),
  });

  // The answer replaces the form: the keyboard goes to its heading, where a screen reader starts reading.
  useEffect(() => {
    if (sent) result.current?.focus();
  }, [sent]);

  const send = async ({ username_or_email: typed }: RequestValues) => {
    setProblem(null);
    const answer = await request(typed.trim());
    if ('data' in answer && answer.data) {
      setSent(answer.data.detail);
      return;
    }
    const failure = readApiFailure(answer.error);
    if (failure.fieldErrors.username_or_email) {
      form.setError('username_or_email', { type: 'server', message: failure.fieldErrors.username_or_email }, { shouldFocus: true });
      return;
    }
    setProblem(failure.detail ?? SEND_FAILED);
    requestAnimationFrame(() => alert.current?.focus());
  };

  return (
    <AccountCard titleId="forgot-title">
      {sent ? (
        <>
          <h1 id="forgot-title" className="activation-title" tabIndex={-1} ref={result}>
            Revise su correo
          </h1>
          <div className="activation-result" role="status">
            <p>{sent}</p>
            <p>El enlace sirve una sola vez durante una hora. Si no llega en unos minutos, mire en la carpeta de correo no deseado.</p>
          </div>
        </>
      ) : (
        <>
          <h1 id="forgot-title" className="activation-title">
            ¿Ha olvidado su contraseña?
          </h1>
          {mailConfigured ? (
            <form className="kit-form activation-form" noValidate onSubmit={(event) => void form.handleSubmit(send)(event)}>
              <p>
                Escriba su nombre de usuario o la dirección de correo de su cuenta y le enviaremos un enlace para elegir una contraseña
                nueva.
              </p>
              {problem && <FormAlert ref={alert} message={problem} />}
              <TextField
                label="Usuario o correo electrónico"
                required
                registration={form.register('username_or_email')}
                error={form.formState.errors.username_or_email?.message}
                inputProps={{ autoComplete: 'username', autoCapitalize: 'none', spellCheck: false, autoFocus: true }}
              />
              <SubmitButton saving={isLoading}>Enviar enlace</SubmitButton>
            </form>
          ) : (
            <div className="kit-alert" role="status">
              <p className="kit-alert-message">{passwordResetMessages.noMail}</p>
            </div>
          )}
        </>
      )}
      <p className="activation-back">
        <Link to={paths.admin.login.getHref()}>Volver a Iniciar sesión</Link>
      </p>
    </AccountCard>
  );
}
