import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useUpdateUserMutation, type StaffUser } from '@/client/api/accounts';
import { validateAccountEmail } from '@/domain/accounts';
import type { FieldErrors } from '@/domain/entities';
import { FIELD_LIMITS } from '@/domain/limits';
import { FormAlert } from '../kit/form-alert';
import { domainResolver } from '../kit/domain-resolver';
import { applyServerErrors } from '../kit/server-errors';
import { SubmitButton } from '../kit/submit-button';
import { TextField } from '../kit/text-field';
import { useModalDialog } from '../kit/use-modal-dialog';

interface EmailValues {
  email: string;
}

const validate = ({ email }: EmailValues): FieldErrors => {
  const refused = validateAccountEmail(email);
  return refused.length > 0 ? { email: refused } : {};
};

const SAVE_FAILED = 'No se pudo guardar el correo. Inténtelo de nuevo.';

/**
 * 'Cambiar correo' / 'Añadir correo' in Usuarios: an Administrador sets,
 * changes or removes (an empty field) a colleague's address, checked by the
 * domain's rule before it is sent; the server's refusal ('Ya hay una cuenta con
 * este correo electrónico.') is said at the field, and what was typed stays.
 */
export function EmailDialog({
  user,
  mail,
  onSaved,
  onCancel,
}: {
  /** The account whose address is changed; null: the dialog is closed. */
  user: StaffUser | null;
  /** Whether the site sends mail: the field then says what the address is for. */
  mail: boolean;
  onSaved: (before: StaffUser, after: StaffUser) => void;
  onCancel: () => void;
}) {
  const [updateUser, { isLoading }] = useUpdateUserMutation();
  const [problem, setProblem] = useState<string[] | null>(null);
  const input = useRef<HTMLInputElement | null>(null);
  const alert = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const detailId = useId();
  const form = useForm<EmailValues>({ defaultValues: { email: '' }, resolver: domainResolver(validate) });
  const { errors } = form.formState;
  const { dialog, onClose } = useModalDialog(user !== null, onCancel, input);

  // Each opening starts afresh: no refusal of the last one, and the account's address as it is now.
  const [openedFor, setOpenedFor] = useState(user);
  if (user !== openedFor) {
    setOpenedFor(user);
    setProblem(null);
  }
  useEffect(() => {
    if (user) form.reset({ email: user.email ?? '' });
  }, [user, form]);

  const registration = form.register('email');
  const send = async ({ email }: EmailValues) => {
    if (!user) return;
    setProblem(null);
    const result = await updateUser({ id: user.id, email: email.trim() });
    if ('error' in result) {
      const { failure, unplaced } = applyServerErrors(result.error, form.setError, ['email']);
      if (unplaced.length > 0 || Object.keys(failure.fieldErrors).length === 0) {
        setProblem(unplaced.length > 0 ? unplaced : [SAVE_FAILED]);
        requestAnimationFrame(() => alert.current?.focus());
      }
      return;
    }
    onSaved(user, result.data);
  };

  return (
    <dialog ref={dialog} className="kit-dialog" aria-labelledby={titleId} aria-describedby={detailId} onClose={onClose}>
      <form className="users-email-form" noValidate onSubmit={(event) => void form.handleSubmit(send)(event)}>
        <h2 id={titleId} className="kit-dialog-title">
          {user?.email ? 'Cambiar el correo electrónico' : 'Añadir un correo electrónico'}
        </h2>
        <p id={detailId} className="kit-dialog-detail">
          {user ? `${user.username}${user.name ? ` (${user.name})` : ''}` : ''}
        </p>
        {problem && <FormAlert ref={alert} message={problem[0]} details={problem.slice(1)} />}
        <TextField
          label="Correo electrónico"
          type="email"
          maxLength={FIELD_LIMITS.email}
          hint={
            [
              mail && 'El sitio enviará a esta dirección los enlaces y avisos de la cuenta.',
              user?.email && 'Para quitarla, deje el campo vacío.',
            ]
              .filter(Boolean)
              .join(' ') || undefined
          }
          inputProps={{ autoComplete: 'off', spellCheck: false }}
          registration={{
            ...registration,
            ref: (element: HTMLInputElement | null) => {
              input.current = element;
              registration.ref(element);
            },
          }}
          error={errors.email?.message}
        />
        <div className="kit-dialog-actions">
          <button type="button" className="kit-button kit-button-secondary" disabled={isLoading} onClick={onCancel}>
            Cancelar
          </button>
          <SubmitButton saving={isLoading}>Guardar</SubmitButton>
        </div>
      </form>
    </dialog>
  );
}
