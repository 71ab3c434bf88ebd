import type { InputHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field, type FieldProps } from './field';

export interface TextFieldProps extends Omit<FieldProps, 'children'> {
  /** What react-hook-form's register('name') returns. */
  registration: UseFormRegisterReturn;
  type?: 'text' | 'email' | 'url' | 'number';
  /** Longest value accepted; the browser ignores what is typed or pasted beyond it. */
  maxLength?: number;
  inputProps?: Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'maxLength' | keyof UseFormRegisterReturn>;
}

/** A labelled text (or email, url, number) input on react-hook-form. */
export function TextField({ registration, type = 'text', maxLength, inputProps, ...field }: TextFieldProps) {
  return (
    <Field {...field}>
      {(control) => <input className="kit-input" type={type} maxLength={maxLength} {...inputProps} {...control} {...registration} />}
    </Field>
  );
}
