import './kit.css';
import { useId, type ReactNode } from 'react';

/** What a form control needs to be labelled and described by its field. */
export interface ControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
}

export interface FieldProps {
  label: string;
  /** A short help text under the label, read with the control. */
  hint?: ReactNode;
  /** The field's error, in Spanish; it is shown under the control and read with it. */
  error?: string;
  required?: boolean;
  /** Live text under the control (e.g. '120/3000 caracteres'), read with it. */
  status?: ReactNode;
  /**
   * False: the status is shown but not read with the control, so that what the
   * control says is its hint and its error (a title's counter, whose cut is
   * announced apart). Default true.
   */
  statusDescribes?: boolean;
  /** Renders the control with the ids and aria attributes it must carry. */
  children: (control: ControlProps) => ReactNode;
  className?: string;
}

/**
 * One form field: label, optional hint, the control, optional status line and
 * the error, wired with aria-describedby and aria-invalid so that a screen
 * reader hears all of it. Every input of the admin forms goes through here
 * (text-field.tsx, checkbox-field.tsx, image-field.tsx use it).
 *
 *   <Field label="Título" required error={errors.title?.message}>
 *     {(control) => <input {...control} {...register('title')} />}
 *   </Field>
 */
export function Field({ label, hint, error, required, status, statusDescribes = true, children, className }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const statusId = `${id}-status`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, status !== undefined && statusDescribes && statusId, error && errorId].filter(Boolean).join(' ');
  return (
    <div className={['kit-field', className].filter(Boolean).join(' ')} data-invalid={error ? true : undefined}>
      <label className="kit-label" htmlFor={id}>
        {label}
        {required && (
          <span className="kit-required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {hint && (
        <p id={hintId} className="kit-hint">
          {hint}
        </p>
      )}
      {children({
        id,
        'aria-describedby': describedBy || undefined,
        'aria-invalid': error ? true : undefined,
        'aria-required': required ? true : undefined,
      })}
      {status !== undefined && (
        <p id={statusId} className="kit-field-status">
          {status}
        </p>
      )}
      {error && (
        <p id={errorId} className="kit-field-error">
          {error}
        </p>
      )}
    </div>
  );
}
