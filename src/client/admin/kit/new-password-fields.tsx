import type { UseFormRegisterReturn } from 'react-hook-form';
import { accountMessages, validatePassword } from '@/domain/accounts';
import type { FieldErrors } from '@/domain/entities';
import { messages } from '@/domain/messages';
import { PasswordField } from './password-field';

// In the kit because two features ask a person to choose a password, with the same rules, hint and repetition:
// 'Mi cuenta' (account/password-form.tsx) and the page a password link opens (activation/activation-page.tsx).
// A feature may not import another (docs/decisions/189).

/** What a person choosing a password reads under the field. */
const NEW_PASSWORD_HINT = 'Al menos 15 caracteres. Una frase de varias palabras es fácil de recordar y difícil de adivinar.';

/**
 * The rules the server applies to a new password (src/domain/accounts.ts), with the repetition only a form needs:
 * the errors of the form's field `name` and of its 'repeat_password'.
 */
export function newPasswordErrors(name: string, password: string, repeat: string, username: string): FieldErrors {
  const errors: FieldErrors = {};
  const refusals = validatePassword(password, username);
  if (password === '') errors[name] = [messages.required];
  else if (refusals.length > 0) errors[name] = refusals;
  if (repeat === '') errors.repeat_password = [messages.required];
  else if (repeat !== password) errors.repeat_password = [accountMessages.passwordsDiffer];
  return errors;
}

interface ChosenField {
  label: string;
  /** What react-hook-form's register('name') returns. */
  registration: UseFormRegisterReturn;
  error?: string;
}

/** The new password, with its hint, then its repetition; password managers offer to make one. */
export function NewPasswordFields({ password, repeat, visible }: { password: ChosenField; repeat: ChosenField; visible: boolean }) {
  return (
    <>
      <PasswordField {...password} autoComplete="new-password" visible={visible} hint={NEW_PASSWORD_HINT} />
      <PasswordField {...repeat} autoComplete="new-password" visible={visible} />
    </>
  );
}
