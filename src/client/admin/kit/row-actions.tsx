import { Link } from 'react-router';

export interface RowActionsProps {
  /** The row's name, so that each link and button says which row it acts on. */
  label: string;
  viewTo: string;
  editTo: string;
  onDelete: () => void;
}

/** 'Ver', 'Editar' and 'Eliminar' for one row of an admin list (requirements §2: view/edit/delete). */
export function RowActions({ label, viewTo, editTo, onDelete }: RowActionsProps) {
  return (
    <span className="kit-row-actions">
      <Link className="kit-button kit-button-small kit-button-quiet" to={viewTo} aria-label={`Ver ${label}`}>
        Ver
      </Link>
      <Link className="kit-button kit-button-small kit-button-quiet" to={editTo} aria-label={`Editar ${label}`}>
        Editar
      </Link>
      <button
        type="button"
        className="kit-button kit-button-small kit-button-danger-quiet"
        aria-label={`Eliminar ${label}`}
        onClick={onDelete}
      >
        Eliminar
      </button>
    </span>
  );
}
