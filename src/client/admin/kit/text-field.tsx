import { useLayoutEffect, useRef, useState, type ClipboardEvent, type InputHTMLAttributes, type KeyboardEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { characterCounter } from '@/domain/messages';
import { Field, type FieldProps } from './field';

export interface TextFieldProps extends Omit<FieldProps, 'children'> {
  /** What react-hook-form's register('name') returns. */
  registration: UseFormRegisterReturn;
  type?: 'text' | 'email' | 'url' | 'number';
  /**
   * Longest value accepted; the browser ignores what is typed or pasted beyond
   * it. A text field then counts as the person types ('120/200 caracteres') and
   * says so when a paste or a key was cut short.
   */
  maxLength?: number;
  inputProps?: Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'maxLength' | keyof UseFormRegisterReturn>;
}

/** What was cut, in the person's words. */
const cutMessage = (max: number, pasted?: number): string =>
  pasted === undefined
    ? `Ha llegado al límite de ${max} caracteres.`
    : `Se pegaron ${pasted} caracteres y solo caben ${max}: el resto no se añadió.`;

/** A labelled text (or email, url, number) input on react-hook-form. */
export function TextField({ registration, type = 'text', maxLength, inputProps, status, ...field }: TextFieldProps) {
  const counted = type === 'text' && maxLength !== undefined;
  const [length, setLength] = useState(0);
  const [cut, setCut] = useState('');
  const input = useRef<HTMLInputElement | null>(null);

  // A value put in without typing (the record being edited, a draft taken back, form.reset) counts too.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- after every render: such a value comes with no event to follow; it settles at once.
  useLayoutEffect(() => {
    if (counted && input.current && input.current.value.length !== length) setLength(input.current.value.length);
  });
  const room = (element: HTMLInputElement) =>
    (maxLength ?? Infinity) - element.value.length + Math.abs((element.selectionEnd ?? 0) - (element.selectionStart ?? 0));

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    if (!counted) return;
    const pasted = event.clipboardData.getData('text').length;
    setCut(pasted > room(event.currentTarget) ? cutMessage(maxLength, pasted) : '');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!counted || event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
    setCut(room(event.currentTarget) <= 0 ? cutMessage(maxLength) : '');
  };

  const counter = counted ? (
    <>
      <span>{characterCounter(length, maxLength)}</span>
      {/* Always there, so that what is put in it is announced. */}
      <span className="kit-field-cut" role="status">
        {cut && ` ${cut}`}
      </span>
    </>
  ) : undefined;

  return (
    // The counter is seen, not read with the field at every visit: its cut is announced (role="status").
    <Field {...field} status={status ?? counter} statusDescribes={status !== undefined || !counted}>
      {(control) => (
        <input
          className="kit-input"
          type={type}
          maxLength={maxLength}
          {...inputProps}
          {...control}
          {...registration}
          ref={(element) => {
            input.current = element;
            registration.ref(element);
          }}
          onChange={(event) => {
            if (counted) {
              setLength(event.target.value.length);
              if (event.target.value.length < maxLength) setCut('');
            }
            void registration.onChange(event);
          }}
          onPaste={onPaste}
          onKeyDown={onKeyDown}
        />
      )}
    </Field>
  );
}
