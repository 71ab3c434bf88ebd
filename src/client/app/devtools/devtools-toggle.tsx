import { useId, useState } from 'react';
import { devToolsSwitchedOn, switchDevTools } from './devtools-preference';
import './devtools-toggle.css';

/**
 * For administrators who debug the site (in 'Mi cuenta'): lets this browser (and no other)
 * show the store in Redux DevTools in production, tokens masked. In
 * development DevTools are always on, so there is nothing to switch.
 */
export function DevToolsToggle() {
  const inputId = useId();
  const hintId = useId();
  const [on, setOn] = useState(devToolsSwitchedOn);
  if (process.env.NODE_ENV !== 'production') return null;
  return (
    <div className="devtools-toggle">
      <input
        id={inputId}
        type="checkbox"
        checked={on}
        aria-describedby={hintId}
        onChange={(event) => {
          switchDevTools(event.target.checked);
          setOn(event.target.checked);
        }}
      />
      <label htmlFor={inputId}>Redux DevTools en este navegador</label>
      <p id={hintId} className="devtools-toggle-hint">
        Para depurar la aplicación; los tokens se muestran ocultos. Se aplica al recargar la página.
      </p>
    </div>
  );
}
