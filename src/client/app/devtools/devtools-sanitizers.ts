/**
 * What Redux DevTools is shown of the store: the same state and actions, with
 * every credential masked and long lists cut short.
 *
 * - Credentials: any value under a key that names one (`access`, `refresh`,
 *   `password`, `token`, `authorization`...) and any string shaped like a JWT
 *   or a `Bearer` header, wherever it sits: the session slice, a login
 *   mutation's arguments, a token answer, a request's headers. A screenshot
 *   or an exported trace then never carries a working credential.
 * - Long lists: an array longer than LIST_LIMIT shows its first LIST_SAMPLE
 *   items and a note with the total, so that a cached answer of 1,000 rows
 *   costs DevTools a few rows to serialise on every action.
 *
 * Store state is immutable, so each object is sanitised once and remembered
 * (WeakMap): an action that changes one query entry re-walks only that entry.
 */

export const MASK = '[oculto]';
export const LIST_LIMIT = 20;
export const LIST_SAMPLE = 3;

const SECRET_KEY = /^(access|refresh|password|token|secret|authorization|(access|refresh|id)_?token|api_?key)$/i;
const JWT = /^[\w-]{8,}\.[\w-]{8,}\.[\w-]{8,}$/;
const BEARER = /^(Bearer|JWT)\s+\S+$/i;

const remembered = new WeakMap<object, unknown>();

const isPlainObject = (value: object): value is Record<string, unknown> => {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/** A list cut to its first items and a note saying how many there are. */
export const listSummary = (length: number) => `… y ${length - LIST_SAMPLE} más (${length} en total)`;

function describeRequest(value: object): string | undefined {
  if (typeof Request !== 'undefined' && value instanceof Request) return `Request ${value.method} ${value.url}`;
  if (typeof Response !== 'undefined' && value instanceof Response) return `Response ${value.status} ${value.url}`;
  // Header values may hold a token; their names are enough to read a trace.
  if (typeof Headers !== 'undefined' && value instanceof Headers) return `Headers: ${[...value.keys()].join(', ')}`;
  return undefined;
}

function sanitizeValue(value: unknown): unknown {
  if (typeof value === 'string') return JWT.test(value) || BEARER.test(value) ? MASK : value;
  if (value === null || typeof value !== 'object') return value;
  const known = remembered.get(value);
  if (known !== undefined) return known;

  let result: unknown;
  if (Array.isArray(value)) {
    result =
      value.length > LIST_LIMIT ? [...value.slice(0, LIST_SAMPLE).map(sanitizeValue), listSummary(value.length)] : value.map(sanitizeValue);
  } else if (isPlainObject(value)) {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      copy[key] = SECRET_KEY.test(key) && item !== null && item !== undefined && item !== '' ? MASK : sanitizeValue(item);
    }
    result = copy;
  } else {
    result = describeRequest(value) ?? value;
  }
  remembered.set(value, result);
  return result;
}

/** The store's state as DevTools shows it (configureStore's `devTools.stateSanitizer`). */
export function stateSanitizer<S>(state: S): S {
  return sanitizeValue(state) as S;
}

/** An action as DevTools shows it (configureStore's `devTools.actionSanitizer`); its type is kept as is. */
export function actionSanitizer<A extends { type: string }>(action: A): A {
  return sanitizeValue(action) as A;
}
