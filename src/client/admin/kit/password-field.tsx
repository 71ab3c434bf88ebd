import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { PASSWORD_MAX_LENGTH } from '@/domain/accounts';
import { Field } from './field';

export interface PasswordFieldProps {
  label: string;
  registration: UseFormRegisterReturn;
  /** 'current-password' for the one in use, 'new-password' for one being chosen (password managers offer to make it). */
  autoComplete: 'current-password' | 'new-password';
  /** Shown as typed ('Mostrar contraseñas' of the form), or hidden. */
  visible: boolean;
  error?: string;
  hint?: string;
}

/** A labelled password input on react-hook-form; its form decides whether passwords are shown. */
export function PasswordField({ label, registration, autoComplete, visible, error, hint }: PasswordFieldProps) {
  return (
    <Field label={label} required error={error} hint={hint}>
      {(control) => (
        <input
          className="kit-input"
          type={visible ? 'text' : 'password'}
          autoComplete={autoComplete}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          // A little room beyond the limit, so that a password too long is refused in words, not cut without a word.
          maxLength={PASSWORD_MAX_LENGTH * 2}
          {...control}
          {...registration}
        />
      )}
    </Field>
  );
}

/** 'Mostrar contraseñas': one switch for every password field of a form. */
export function ShowPasswordsToggle({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="kit-field kit-checkbox-field">
      <input id={id} type="checkbox" className="kit-checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={id} className="kit-label">
        Mostrar contraseñas
      </label>
    </div>
  );
}
