import { JSON_MAX_DEPTH } from './limits';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * True when the JSON text `text` nests arrays and objects deeper than `max`
 * levels (`[]` is one, `{"a": [1]}` two). It reads the text once, left to
 * right, counting the brackets outside strings, and stops at the first level
 * past `max`: nothing is parsed, so a body nested a million levels deep never
 * becomes a million objects, nor a walk that overflows the stack. A text that
 * is not JSON is judged the same way (its parse fails afterwards).
 */
export function jsonNestsTooDeep(text: string, max: number = JSON_MAX_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_BRACKET || code === OPEN_BRACE) {
      depth++;
      if (depth > max) return true;
    } else if (code === CLOSE_BRACKET || code === CLOSE_BRACE) {
      depth--;
    }
  }
  return false;
}
