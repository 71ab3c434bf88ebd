import { formatLongDate } from './format-date';

/** A publish date as a <time> element in long Spanish form; nothing without a date. */
export function PublicationDate({ value, className }: { value: string | null | undefined; className?: string }) {
  const text = formatLongDate(value);
  if (!text || !value) return null;
  return (
    <time className={className} dateTime={value.slice(0, 10)}>
      {text}
    </time>
  );
}
