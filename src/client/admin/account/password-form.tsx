import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useChangePasswordMutation } from '@/client/api/accounts';
import { accountMessages } from '@/domain/accounts';
import type { FieldErrors } from '@/domain/entities';
import { messages } from '@/domain/messages';
import { domainResolver } from '../kit/domain-resolver';
import { FormAlert } from '../kit/form-alert';
import { NewPasswordFields, newPasswordErrors } from '../kit/new-password-fields';
import { PasswordField, ShowPasswordsToggle } from '../kit/password-field';
import { applyServerErrors } from '../kit/server-errors';
import { SubmitButton } from '../kit/submit-button';

interface PasswordValues {
  current_password: string;
  new_password: string;
  repeat_password: string;
}

const CHANGE_FAILED = 'No se pudo cambiar la contraseña. Inténtelo de nuevo.';

const EMPTY: PasswordValues = { current_password: '', new_password: '', repeat_password: '' };

/** The current password is asked for; the new one follows the rules of every password chosen. */
const validatorFor =
  (username: string) =>
  (values: PasswordValues): FieldErrors => ({
    ...(values.current_password === '' ? { current_password: [messages.required] } : {}),
    ...newPasswordErrors('new_password', values.new_password, values.repeat_password, username),
  });

/**
 * 'Cambiar contraseña': the current password, the new one twice. The server
 * ends every other session of the person and answers a fresh token pair, which
 * this tab stores (api/accounts.ts) so that it and its sibling tabs go on.
 */
export function PasswordForm({ username }: { username: string }) {
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const [visible, setVisible] = useState(false);
  const [done, setDone] = useState('');
  const [problem, setProblem] = useState<string[] | null>(null);
  const alert = useRef<HTMLDivElement>(null);
  const form = useForm<PasswordValues>({ defaultValues: EMPTY, resolver: domainResolver(validatorFor(username)) });
  const { errors } = form.formState;

  const send = async ({ current_password, new_password }: PasswordValues) => {
    setDone('');
    setProblem(null);
    const result = await changePassword({ current_password, new_password });
    if ('error' in result) {
      const { failure, unplaced } = applyServerErrors(result.error, form.setError, ['current_password', 'new_password']);
      const placed = Object.keys(failure.fieldErrors).length - unplaced.filter((line) => line !== failure.detail).length;
      if (unplaced.length > 0 || placed === 0) {
        setProblem(unplaced.length > 0 ? unplaced : [CHANGE_FAILED]);
        requestAnimationFrame(() => alert.current?.focus());
      }
      return;
    }
    form.reset(EMPTY);
    setVisible(false);
    setDone(result.data.detail || accountMessages.passwordChanged);
  };

  return (
    <section className="admin-card account-password" aria-labelledby="account-password-title">
      <h2 id="account-password-title" className="account-section-title">
        Cambiar contraseña
      </h2>
      {/* Always there, so that the success is announced when it appears. */}
      <p className="account-success" role="status">
        {done}
      </p>
      <form className="kit-form" noValidate onSubmit={(event) => void form.handleSubmit(send)(event)}>
        {problem && <FormAlert ref={alert} message={problem[0]} details={problem.slice(1)} />}
        {/* Lets password managers tie the new password to this account. */}
        <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
        <PasswordField
          label="Contraseña actual"
          autoComplete="current-password"
          visible={visible}
          registration={form.register('current_password')}
          error={errors.current_password?.message}
        />
        <NewPasswordFields
          password={{ label: 'Nueva contraseña', registration: form.register('new_password'), error: errors.new_password?.message }}
          repeat={{
            label: 'Repetir nueva contraseña',
            registration: form.register('repeat_password'),
            error: errors.repeat_password?.message,
          }}
          visible={visible}
        />
        <ShowPasswordsToggle checked={visible} onChange={setVisible} />
        <div className="kit-form-actions">
          <SubmitButton saving={isLoading}>Cambiar contraseña</SubmitButton>
        </div>
      </form>
    </section>
  );
}
