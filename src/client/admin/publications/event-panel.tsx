import { useWatch, type Control, type FieldErrors as FormErrors, type UseFormRegister } from 'react-hook-form';
import type { EventValues, PublicationValues } from './publication-values';
import type { FieldErrors } from '@/domain/entities';
import { readEvent, wallClockOf, type EventBody, type PublicationEvent } from '@/domain/events';
import { FIELD_LIMITS } from '@/domain/limits';
import { CheckboxField } from '../kit/checkbox-field';
import { Field } from '../kit/field';
import { TextField } from '../kit/text-field';

/** The fields where the server's errors on the event go. */
export const EVENT_FIELDS = ['event.start', 'event.end', 'event.location', 'event.online_url', 'event.registration_url'] as const;

/** The panel's values for a stored event, or the empty panel (off) without one. */
export function eventValuesOf(event: PublicationEvent | null | undefined): EventValues {
  const start = event ? wallClockOf(event.start) : '';
  const end = event?.end ? wallClockOf(event.end) : '';
  return {
    enabled: event != null,
    all_day: event?.all_day ?? false,
    start: start.slice(0, 10),
    start_time: start.slice(11, 16),
    end: end.slice(0, 10),
    end_time: end.slice(11, 16),
    location: event?.location ?? '',
    online_url: event?.online_url ?? '',
    registration_url: event?.registration_url ?? '',
  };
}

/**
 * What the panel sends: null when it is off. A timed event's end with a time but no date ends
 * the day it starts; a date but no time, at its start's time.
 */
export function eventBodyOf(values: EventValues): EventBody | null {
  if (!values.enabled) return null;
  const at = (day: string, time: string) => (values.all_day || day === '' ? day : `${day}T${time}`);
  const endDay = values.end || (values.all_day || values.end_time === '' ? '' : values.start);
  return {
    start: at(values.start, values.start_time),
    end: endDay === '' ? null : at(endDay, values.end_time || values.start_time),
    all_day: values.all_day,
    location: values.location,
    online_url: values.online_url,
    registration_url: values.registration_url,
  };
}

/** The panel's errors by the domain's rules (readEvent), keyed as the server keys them. */
export function eventErrors(values: EventValues): FieldErrors {
  const errors: FieldErrors = {};
  const body = eventBodyOf(values);
  if (body) readEvent(body, errors);
  return errors;
}

interface EventPanelProps {
  control: Control<PublicationValues>;
  register: UseFormRegister<PublicationValues>;
  errors: FormErrors<PublicationValues>['event'];
}

/** 'Evento': off by default, on any publication; whole days hide the times. */
export function EventPanel({ control, register, errors }: EventPanelProps) {
  const [enabled, allDay] = useWatch({ control, name: ['event.enabled', 'event.all_day'] });
  return (
    <fieldset className="publication-event">
      <legend className="kit-label">Evento</legend>
      <CheckboxField
        label="Esta publicación anuncia un evento"
        hint="Fecha, lugar e inscripción; los visitantes pueden añadirlo a su calendario."
        registration={register('event.enabled')}
      />
      {enabled && (
        <>
          <CheckboxField label="Dura días enteros" hint="Sin horas: del primer al último día." registration={register('event.all_day')} />
          <div className="kit-form-grid">
            <Field label="Inicio" required error={errors?.start?.message}>
              {(props) => <input className="kit-input" type="date" {...props} {...register('event.start')} />}
            </Field>
            {!allDay && (
              <Field label="Hora de inicio">
                {(props) => <input className="kit-input" type="time" {...props} {...register('event.start_time')} />}
              </Field>
            )}
            <Field label="Fin" hint="Opcional." error={errors?.end?.message}>
              {(props) => <input className="kit-input" type="date" {...props} {...register('event.end')} />}
            </Field>
            {!allDay && (
              <Field label="Hora de fin">
                {(props) => <input className="kit-input" type="time" {...props} {...register('event.end_time')} />}
              </Field>
            )}
          </div>
          <TextField
            label="Lugar"
            hint="Por ejemplo: Facultad de Educación, Aula Magna."
            maxLength={FIELD_LIMITS.eventLocation}
            registration={register('event.location')}
            error={errors?.location?.message}
          />
          <div className="kit-form-grid">
            <TextField
              label="En línea"
              type="url"
              hint="Opcional: la dirección para seguirlo en línea."
              registration={register('event.online_url')}
              error={errors?.online_url?.message}
            />
            <TextField
              label="Inscripción"
              type="url"
              hint="Opcional: la dirección donde inscribirse."
              registration={register('event.registration_url')}
              error={errors?.registration_url?.message}
            />
          </div>
        </>
      )}
    </fieldset>
  );
}
