export interface StaleSaveChoicesProps {
  /** The server's Spanish message, e.g. that someone else saved first. */
  detail: string;
  /** Puts the saved version in the form, dropping what was typed. */
  onReload: () => void;
  /** Saves what is in the form over the other version, knowingly. */
  onOverwrite: () => void;
  busy?: boolean;
}

/**
 * What a form offers when its save was refused because someone else saved
 * first (409, requirements §10.6): what was typed stays in the
 * form, and the administrator chooses between the saved version and theirs.
 * Render it inside the form's FormAlert.
 */
export function StaleSaveChoices({ detail, onReload, onOverwrite, busy = false }: StaleSaveChoicesProps) {
  return (
    <div className="kit-stale-save">
      {detail && <p>{detail}</p>}
      <p>Sus cambios siguen en el formulario. Puede cargar la versión guardada (se pierden sus cambios) o guardar la suya encima.</p>
      <div className="kit-stale-save-actions">
        <button type="button" className="kit-button kit-button-secondary" onClick={onReload} disabled={busy}>
          Cargar la versión guardada
        </button>
        <button type="button" className="kit-button kit-button-primary" onClick={onOverwrite} disabled={busy}>
          Guardar mis cambios igualmente
        </button>
      </div>
    </div>
  );
}
