import type { FieldErrors as FormErrors, FieldValues, Resolver } from 'react-hook-form';
import type { FieldErrors } from '@/domain/entities';
import { isRecord } from '@/domain/guards';

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
    // A grouped field's error ('event.start') nested as react-hook-form keeps it (errors.event.start).
    const errors: Record<string, unknown> = {};
    for (const field of fields) {
      const path = field.split('.');
      let group = errors;
      for (const key of path.slice(0, -1)) {
        const inner = group[key];
        if (isRecord(inner)) group = inner;
        else group = group[key] = {};
      }
      group[path[path.length - 1]] = { type: 'validate', message: found[field][0] };
    }
    return { values: {}, errors: errors as FormErrors<T> };
  };
}
