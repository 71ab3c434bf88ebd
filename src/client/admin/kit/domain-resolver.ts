import type { FieldErrors as FormErrors, FieldValues, Resolver } from 'react-hook-form';
import type { FieldErrors } from '@/domain/entities';

/**
 * A react-hook-form resolver from one of src/domain/validation.ts's rules, so
 * the form checks exactly what the server checks, with the same Spanish
 * messages, before any request.
 *
 *   useForm({ resolver: domainResolver((values) => validateSection(values)) })
 */
export function domainResolver<T extends FieldValues>(validate: (values: T) => FieldErrors): Resolver<T> {
  return (values) => {
    const found = validate(values);
    const fields = Object.keys(found);
    if (fields.length === 0) return { values, errors: {} };
    const errors = Object.fromEntries(fields.map((field) => [field, { type: 'validate', message: found[field][0] }])) as FormErrors<T>;
    return { values: {}, errors };
  };
}
