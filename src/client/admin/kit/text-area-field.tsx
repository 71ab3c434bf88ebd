import type { ChangeEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { characterCounter } from '@/domain/messages';
import { Field, type FieldProps } from './field';

export interface TextAreaFieldProps extends Omit<FieldProps, 'children' | 'status'> {
  registration: UseFormRegisterReturn;
  /** Longest text accepted: typing or pasting beyond it is ignored (requirements §5). */
  maxLength: number;
  /** The current length, for the live counter 'n/max caracteres' (pass watch('field').length). */
  length?: number;
  rows?: number;
}

/**
 * A labelled textarea with a limit and, when `length` is given, the counter
 * 'n/3000 caracteres' under it. The maxLength attribute stops typing and cuts
 * pasted text in the browser; onChange cuts again for anything else that
 * changes the value (an extension, an autofill).
 */
export function TextAreaField({ registration, maxLength, length, rows = 8, ...field }: TextAreaFieldProps) {
  const onChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    if (event.target.value.length > maxLength) event.target.value = event.target.value.slice(0, maxLength);
    void registration.onChange(event);
  };
  return (
    <Field {...field} status={length === undefined ? undefined : characterCounter(length, maxLength)}>
      {(control) => (
        <textarea className="kit-input kit-textarea" rows={rows} maxLength={maxLength} {...control} {...registration} onChange={onChange} />
      )}
    </Field>
  );
}
