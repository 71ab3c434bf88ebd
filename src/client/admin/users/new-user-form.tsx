import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useCreateUserMutation, type Invitation, type StaffUser } from '@/client/api/accounts';
import {
  NAME_MAX_LENGTH,
  ROLE_LABELS,
  ROLES,
  USERNAME_MAX_LENGTH,
  accountMessages,
  validateAccountEmail,
  validateUsername,
  type Role,
} from '@/domain/accounts';
import type { FieldErrors } from '@/domain/entities';
import { FIELD_LIMITS } from '@/domain/limits';
import { domainResolver } from '../kit/domain-resolver';
import { Field } from '../kit/field';
import { FormAlert } from '../kit/form-alert';
import { applyServerErrors } from '../kit/server-errors';
import { SubmitButton } from '../kit/submit-button';
import { TextField } from '../kit/text-field';

interface NewUserValues {
  username: string;
  name: string;
  email: string;
  role: Role;
}

const EMPTY: NewUserValues = { username: '', name: '', email: '', role: 'editor' };

const validate = (values: NewUserValues): FieldErrors => {
  const errors: FieldErrors = {};
  const username = validateUsername(values.username);
  if (username.length > 0) errors.username = username;
  if ([...values.name.trim()].length > NAME_MAX_LENGTH) errors.name = [accountMessages.nameTooLong];
  const email = validateAccountEmail(values.email);
  if (email.length > 0) errors.email = email;
  return errors;
};

const CREATE_FAILED = 'No se pudo crear el usuario. Inténtelo de nuevo.';

/**
 * 'Nuevo usuario': the account is made without a password; the answer's
 * invitation link is what the new colleague opens to choose one. With an
 * address, and a site that sends mail, the link is also mailed there. A
 * refusal keeps everything typed, the server's placed at its field.
 */
export function NewUserForm({
  mail,
  onCreated,
  onCancel,
}: {
  /** Whether the site sends mail: the form then says the invitation goes to the address too. */
  mail: boolean;
  onCreated: (user: StaffUser, invitation: Invitation) => void;
  onCancel: () => void;
}) {
  const [createUser, { isLoading }] = useCreateUserMutation();
  const [problem, setProblem] = useState<string[] | null>(null);
  const alert = useRef<HTMLDivElement>(null);
  const form = useForm<NewUserValues>({ defaultValues: EMPTY, resolver: domainResolver(validate) });
  const { errors } = form.formState;

  const send = async (values: NewUserValues) => {
    setProblem(null);
    const result = await createUser({
      username: values.username.trim(),
      name: values.name.trim(),
      email: values.email.trim(),
      role: values.role,
    });
    if ('error' in result) {
      const { failure, unplaced } = applyServerErrors(result.error, form.setError, ['username', 'name', 'email', 'role']);
      if (unplaced.length > 0 || Object.keys(failure.fieldErrors).length === 0) {
        setProblem(unplaced.length > 0 ? unplaced : [CREATE_FAILED]);
        requestAnimationFrame(() => alert.current?.focus());
      }
      return;
    }
    form.reset(EMPTY);
    onCreated(result.data.user, result.data.invitation);
  };

  return (
    <form
      className="kit-form admin-card users-new"
      noValidate
      aria-labelledby="users-new-title"
      onSubmit={(event) => void form.handleSubmit(send)(event)}
    >
      <h2 id="users-new-title" className="users-new-title" tabIndex={-1}>
        Nuevo usuario
      </h2>
      <p className="kit-hint">
        {mail
          ? 'La cuenta se crea sin contraseña. Recibirá un enlace de invitación para que esa persona elija su contraseña; si indica su correo electrónico, también se le enviará.'
          : 'La cuenta se crea sin contraseña. Recibirá un enlace de invitación para pasárselo a esa persona, que elegirá su contraseña.'}
      </p>
      {problem && <FormAlert ref={alert} message={problem[0]} details={problem.slice(1)} />}
      <div className="kit-form-grid">
        <TextField
          label="Usuario"
          required
          maxLength={USERNAME_MAX_LENGTH}
          hint="Con el que iniciará sesión: letras, números y @ . + - _, sin espacios."
          inputProps={{ autoComplete: 'off', autoCapitalize: 'none', spellCheck: false }}
          registration={form.register('username')}
          error={errors.username?.message}
        />
        <TextField
          label="Nombre"
          maxLength={NAME_MAX_LENGTH}
          inputProps={{ autoComplete: 'off' }}
          registration={form.register('name')}
          error={errors.name?.message}
        />
      </div>
      <TextField
        label="Correo electrónico"
        type="email"
        maxLength={FIELD_LIMITS.email}
        hint={mail ? 'Opcional. La invitación y los avisos de la cuenta se enviarán a esta dirección.' : 'Opcional.'}
        inputProps={{ autoComplete: 'off', spellCheck: false }}
        registration={form.register('email')}
        error={errors.email?.message}
      />
      <Field
        label="Rol"
        required
        error={errors.role?.message}
        hint="Un Editor trabaja con publicaciones y biografías; un Administrador, además, con secciones y usuarios."
      >
        {(control) => (
          <select className="kit-input" {...control} {...form.register('role')}>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="kit-form-actions">
        <SubmitButton saving={isLoading}>Crear usuario</SubmitButton>
        <button type="button" className="kit-button kit-button-secondary" onClick={onCancel}>
          Cancelar
        </button>
      </div>
    </form>
  );
}
