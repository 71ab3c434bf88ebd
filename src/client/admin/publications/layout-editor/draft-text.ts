import type { Editor as TinyMCEEditor } from 'tinymce';
import { focusIsLost } from '../../kit/focus-targets';

/**
 * The stand-in of a text cell's editor: a plain editable area that takes the
 * keyboard at once while TinyMCE loads (0.7–2 s the first time on a slow line,
 * about a tenth of a second later on), so that no key typed meanwhile is lost
 * or pressed a button. TinyMCE then takes over its content and its caret.
 */

/** The id of the TinyMCE bookmark that carries the stand-in's caret into the editor (`…_start` is its span's). */
const CARET_BOOKMARK = 'layout-editor-draft-caret';

/** What an empty stand-in holds: one paragraph, so that typing and Enter make paragraphs, as TinyMCE does. */
export const EMPTY_DRAFT = '<p><br></p>';

/** The stand-in's content for the layout: '' when it has neither text nor an image. */
export function draftContent(area: HTMLElement): string {
  const empty = (area.textContent ?? '').trim() === '' && area.querySelector('img') === null;
  return empty ? '' : area.innerHTML;
}

/** Whether the stand-in should take the keyboard as it opens: it was asked for (a new cell's 'Texto', 'Editar texto', gone with their click). */
export function draftTakesKeyboard(): boolean {
  return focusIsLost() || document.activeElement?.matches('[data-action="choose-text"]') === true;
}

/** Puts the caret at the end of the area's text (in its last paragraph, not after it). */
export function caretAtEnd(area: HTMLElement): void {
  const selection = window.getSelection();
  if (!selection) return;
  const walker = document.createTreeWalker(area, NodeFilter.SHOW_TEXT);
  let last: Node | null = null;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) if ((node.textContent ?? '').trim() !== '') last = node;
  const range = document.createRange();
  if (last) range.setStart(last, last.textContent?.length ?? 0);
  else if (area.lastElementChild) range.setStart(area.lastElementChild, 0);
  else range.setStart(area, 0);
  range.collapse(true);
  selection.removeAllRanges();
  selection.addRange(range);
}

/** The area's HTML with TinyMCE's bookmark where its caret is, or null when the caret is not in it. */
function htmlWithCaret(area: HTMLElement): string | null {
  const selection = window.getSelection();
  const range = selection && selection.rangeCount > 0 ? selection.getRangeAt(0).cloneRange() : null;
  if (!range || !area.contains(range.startContainer)) return null;
  range.collapse(true);
  const marker = document.createElement('span');
  marker.id = `${CARET_BOOKMARK}_start`;
  marker.setAttribute('data-mce-type', 'bookmark');
  marker.setAttribute('style', 'overflow:hidden;line-height:0px');
  marker.textContent = '\uFEFF';
  range.insertNode(marker);
  const html = area.innerHTML;
  marker.remove();
  area.normalize();
  return html;
}

/**
 * TinyMCE takes over from the stand-in. What was typed there (`typed`)
 * becomes its content, a fresh start for its undo; if the stand-in held the
 * keyboard (or nothing holds it), TinyMCE takes it, its caret where the
 * stand-in's was, else at the end. A keyboard the person has put elsewhere
 * meanwhile stays there. Runs before the next key can arrive, so none falls
 * between the two.
 */
export function takeOverDraft(editor: TinyMCEEditor, area: HTMLElement | null, typed: boolean, reveal: () => void): void {
  const inDraft = area !== null && document.activeElement === area;
  const takesKeyboard = inDraft || focusIsLost();
  const html = area && typed ? ((inDraft ? htmlWithCaret(area) : null) ?? area.innerHTML) : null;
  if (html !== null) {
    editor.setContent(html);
    editor.undoManager.clear();
    editor.undoManager.add();
  }
  reveal();
  if (!takesKeyboard) return;
  editor.focus();
  if (html !== null && editor.dom.get(`${CARET_BOOKMARK}_start`)) {
    editor.selection.moveToBookmark({ id: CARET_BOOKMARK, keep: false });
  } else {
    editor.selection.select(editor.getBody(), true);
    editor.selection.collapse(false);
  }
}
