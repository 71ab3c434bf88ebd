import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

export interface CheckboxFieldProps {
  label: string;
  hint?: string;
  registration: UseFormRegisterReturn;
}

/** A labelled checkbox (a yes/no field: Visible, Activo, Destacado...). */
export function CheckboxField({ label, hint, registration }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className="kit-field kit-checkbox-field">
      <input id={id} type="checkbox" className="kit-checkbox" aria-describedby={hint ? `${id}-hint` : undefined} {...registration} />
      <label htmlFor={id} className="kit-label">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="kit-hint">
          {hint}
        </p>
      )}
    </div>
  );
}
