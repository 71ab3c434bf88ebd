import { Link } from 'react-router';
import './breadcrumb.css';

interface Crumb {
  label: string;
  /** Absent for the current page. */
  to?: string;
}

/** 'Inicio / section / title' (requirements §2); the last crumb is the current page. */
export function Breadcrumb({ items }: { items: Crumb[] }) {
  return (
    <nav className="breadcrumb" aria-label="Ruta de navegación">
      <ol>
        {items.map((item, i) => (
          <li key={`${i}-${item.label}`}>
            {item.to ? <Link to={item.to}>{item.label}</Link> : <span aria-current="page">{item.label}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
