import './kit.css';
import './detail-list.css';
import type { ReactNode } from 'react';

/** One field of a detail page: its label and its value. */
export type DetailItem = readonly [string, ReactNode];

/** The fields of a detail page as a description list: [label, value] pairs. */
export function DetailList({ items }: { items: readonly DetailItem[] }) {
  return (
    <dl className="kit-detail-list">
      {items.map(([label, value]) => (
        <div key={label} className="kit-detail-row">
          <dt>{label}</dt>
          <dd>{value === '' || value === null || value === undefined ? <span className="kit-muted">—</span> : value}</dd>
        </div>
      ))}
    </dl>
  );
}
