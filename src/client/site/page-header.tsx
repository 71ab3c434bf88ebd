import type { ReactNode } from 'react';
import './page-header.css';

/** The band at the top of an inner page: its title (the page's h1) and a short lead. */
export function PageHeader({ title, lead, children }: { title: string; lead?: string; children?: ReactNode }) {
  return (
    <div className="page-header">
      <div className="container">
        {children}
        <h1 className="page-header__title">{title}</h1>
        {lead && <p className="page-header__lead">{lead}</p>}
      </div>
    </div>
  );
}
