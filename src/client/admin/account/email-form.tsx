import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useChangeEmailMutation, type Account } from '@/client/api/accounts';
import { FIELD_LIMITS } from '@/domain/limits';
import { validateAccountEmail } from '@/domain/accounts';
import type { FieldErrors } from '@/domain/entities';
import { messages } from '@/domain/messages';
import { DetailList, type DetailItem } from '../kit/detail-list';
import { domainResolver } from '../kit/domain-resolver';
import { FormAlert } from '../kit/form-alert';
import { PasswordField } from '../kit/password-field';
import { applyServerErrors } from '../kit/server-errors';
import { SubmitButton } from '../kit/submit-button';
import { TextField } from '../kit/text-field';

interface EmailValues {
  email: string;
  current_password: string;
}

const EMPTY: EmailValues = { email: '', current_password: '' };

const CHANGE_FAILED = 'No se pudo cambiar la dirección de correo. Inténtelo de nuevo.';

/** The server's rule for an address; an empty one removes the address, so it is asked for only when there is nothing to remove. */
const validatorFor =
  (account: Account | undefined) =>
  (values: EmailValues): FieldErrors => {
    const refused = validateAccountEmail(values.email);
    const nothingToRemove = values.email.trim() === '' && !account?.email && !account?.pending_email;
    return {
      ...(refused.length > 0 ? { email: refused } : nothingToRemove ? { email: [messages.required] } : {}),
      ...(values.current_password === '' ? { current_password: [messages.required] } : {}),
    };
  };

/** What the answer means for the person: a link on its way, or the address as it is now. */
function outcomeOf(answer: Account): string {
  if (answer.pending_email) return `Le hemos enviado un enlace a ${answer.pending_email}. La dirección cambiará cuando lo abra.`;
  return answer.email ? `Su dirección de correo es ahora ${answer.email}.` : 'Su cuenta ya no tiene dirección de correo.';
}

/**
 * 'Correo electrónico' in Mi cuenta: the address the site's mail goes to (a
 * forgotten password's link among it), and a form to change it with the
 * current password. Where the site sends mail, the new address is used only
 * once the link sent to it is opened (docs/decisions/206); where it sends
 * none, it is set at once, and the form says so before anything is sent.
 */
export function EmailForm({ account, username }: { account: Account | undefined; username: string }) {
  const [changeEmail, { isLoading }] = useChangeEmailMutation();
  const [done, setDone] = useState('');
  const [problem, setProblem] = useState<string[] | null>(null);
  const alert = useRef<HTMLDivElement>(null);
  const form = useForm<EmailValues>({ defaultValues: EMPTY, resolver: domainResolver(validatorFor(account)) });
  const { errors } = form.formState;
  const mail = account?.mail ?? false;
  const shown: DetailItem[] = [
    ['Dirección actual', account && (account.email || <span className="kit-muted">Sin dirección de correo</span>)],
  ];
  if (account?.pending_email) shown.push(['Por confirmar', account.pending_email]);

  const send = async ({ email, current_password }: EmailValues) => {
    setDone('');
    setProblem(null);
    const result = await changeEmail({ email: email.trim(), current_password });
    if ('error' in result) {
      // What was typed stays: the person corrects a field rather than typing both again.
      const { failure, unplaced } = applyServerErrors(result.error, form.setError, ['email', 'current_password']);
      if (unplaced.length > 0 || Object.keys(failure.fieldErrors).length === 0) {
        setProblem(unplaced.length > 0 ? unplaced : [CHANGE_FAILED]);
        requestAnimationFrame(() => alert.current?.focus());
      }
      return;
    }
    form.reset(EMPTY);
    setDone(outcomeOf(result.data));
  };

  return (
    <section className="admin-card account-email" aria-labelledby="account-email-title">
      <h2 id="account-email-title" className="account-section-title">
        Correo electrónico
      </h2>
      <DetailList items={shown} />
      {/* Right after sending, the status below says as much. */}
      {account?.pending_email && !done && (
        <p className="account-lead">La dirección cambiará cuando se abra el enlace que le enviamos. Si no le llega, pídalo otra vez.</p>
      )}
      {/* Always there, so that the outcome is announced when it appears. */}
      <p className="account-success" role="status">
        {done}
      </p>
      <form className="kit-form" noValidate onSubmit={(event) => void form.handleSubmit(send)(event)}>
        {problem && <FormAlert ref={alert} message={problem[0]} details={problem.slice(1)} />}
        <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
        <TextField
          label="Nueva dirección de correo"
          type="email"
          maxLength={FIELD_LIMITS.email}
          hint={
            mail
              ? 'Le enviaremos un enlace a la dirección nueva; cambiará cuando lo abra. Déjela vacía para quitar la que tiene.'
              : 'Este sitio no envía correo: la dirección cambia en cuanto la guarde, sin enlace de confirmación. Déjela vacía para quitar la que tiene.'
          }
          inputProps={{ autoComplete: 'email', autoCapitalize: 'none', spellCheck: false }}
          registration={form.register('email')}
          error={errors.email?.message}
        />
        <PasswordField
          label="Contraseña actual"
          autoComplete="current-password"
          visible={false}
          hint="Para comprobar que es usted."
          registration={form.register('current_password')}
          error={errors.current_password?.message}
        />
        <div className="kit-form-actions">
          <SubmitButton saving={isLoading}>Cambiar dirección</SubmitButton>
        </div>
      </form>
    </section>
  );
}
