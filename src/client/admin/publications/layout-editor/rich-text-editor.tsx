import { Editor } from '@tinymce/tinymce-react';
import { useState } from 'react';
import type { Editor as TinyMCEEditor } from 'tinymce';
import { absoluteImageUrl } from '@/client/api/uploads';
import { checkImageFile } from '@/domain/images';
import { RICH_TEXT_EDITOR_HEIGHT_PX } from '@/domain/limits';
import type { MediaFileKind } from '@/domain/media';
import type { MediaItem } from '@/domain/schemas/media';
import { MediaPicker } from '../../kit/media-picker';
import { cleanPastedHtml, isImagesOnlyHtml, removeForeignImages } from './clean-pasted-html';
import { uploadRefusal } from './upload-refusal';
import { isSaveShortcut } from '../../kit/save-and-continue';

/** Where the build puts TinyMCE's own files (webpack.config.ts): the site's own origin, as the CSP wants. */
const TINYMCE_BASE = '/tinymce';

/**
 * The words of TinyMCE's image and link dialogs as the panel says them elsewhere: the language
 * pack calls an image's address 'Código fuente', leaves the first tab without a name and the
 * browse buttons 'Explora los archivos'; here they open the library (decision 223).
 */
const DIALOG_WORDS = {
  Source: 'Dirección',
  General: 'General',
  Upload: 'Subir',
  'Alternative description': 'Texto alternativo',
  'Browse for an image': 'Elegir de la biblioteca',
  'Browse files': 'Elegir de la biblioteca',
  'Browse links': 'Elegir de la biblioteca',
};

/** The library's picker, opened by a browse button of TinyMCE's image or link dialog. */
interface Picking {
  kind: MediaFileKind;
  chosen: (item: MediaItem) => void;
}

/** Told when pasted images are on another site, which the browser may not read (decision 144). */
const foreignImagesMessage = (count: number) =>
  count === 1 ? 'Esta imagen está en otro sitio: descárguela y súbala.' : 'Estas imágenes están en otro sitio: descárguelas y súbalas.';

export interface RichTextEditorProps {
  value: string;
  onChange: (html: string) => void;
  /** The editing area's accessible name. */
  label: string;
  /** The id of the hint that says how to leave the text, for the editor's frame. */
  hintId?: string;
  /** Uploads a pasted or dropped image; resolves with its address. */
  uploadImage: (image: Blob, filename: string) => Promise<string>;
  /** Esc in the text: the person wants out of the editor (the text stays as it is). */
  onLeave: () => void;
  /** The text gains (true) or loses (false) the keyboard. */
  onTextFocus?: (focused: boolean) => void;
  /**
   * TinyMCE is ready, its content that of `value`: the caller hands it what was
   * typed while it loaded, and the keyboard (text-cell-editor.tsx, draft-text.ts).
   */
  onReady: (editor: TinyMCEEditor) => void;
}

const readAsDataUrl = (file: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    // readAsDataURL gives a string: anything else is a read that failed.
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('FileReader')));
    reader.onerror = () => reject(reader.error ?? new Error('FileReader'));
    reader.readAsDataURL(file);
  });

/** The origins whose images are already the site's: this page's and the API's (where uploads live). */
const ownOrigins = () => [window.location.origin, new URL(absoluteImageUrl('/'), window.location.href).origin];

/** The height of the admin's sticky header, which the editor's sticky toolbar docks below. */
const stickyHeaderHeight = () => document.querySelector('.admin-header')?.getBoundingClientRect().height ?? 0;

/**
 * A paste that is only images and carries their bytes too ('Copiar imagen' in a
 * browser puts `<img src="https://…">` beside the image file): the bytes are
 * inserted, so they are uploaded, instead of the other site's address.
 */
function pasteImageBytes(editor: TinyMCEEditor, event: ClipboardEvent): void {
  const data = event.clipboardData;
  if (!data) return;
  const files = Array.from(data.files).filter((file) => file.type.startsWith('image/'));
  // A type or size the site refuses is told at once: TinyMCE would insert it as a blob, and after the
  // upload handler's refusal look for that blob again through fetch, which the CSP blocks.
  const refused = files.map(checkImageFile).find((refusal) => refusal !== null);
  if (refused) {
    event.preventDefault();
    editor.notificationManager.open({ text: refused, type: 'error' });
    return;
  }
  const html = data.getData('text/html');
  if (files.length === 0 || !html || !isImagesOnlyHtml(html)) return;
  event.preventDefault();
  void Promise.all(files.map(readAsDataUrl)).then((addresses) =>
    // TinyMCE turns data: images into blobs and uploads them (automatic_uploads).
    editor.insertContent(addresses.map((address) => `<img src="${address}">`).join('')),
  );
}

/**
 * TinyMCE in Spanish, 400 px tall (requirements §2, §9), self-hosted (requirements §10).
 * This module is only reached through React.lazy, so neither it nor
 * TinyMCE's script is ever loaded by the public site. Pasted Word or Google
 * Docs content is cleaned; pasted or dropped images are uploaded like image
 * cells and replaced by their address (the server refuses `data:` images);
 * images on other sites are taken out with a message (decision 144).
 *
 * The keyboard (decision 144): Esc leaves the text (`onLeave`); Tab and
 * Shift+Tab move the focus as in any other field, and never indent or outdent
 * a list nor add a table row, so no key meant to leave changes the text.
 */
export default function RichTextEditor({
  value,
  onChange,
  label,
  hintId,
  uploadImage,
  onLeave,
  onTextFocus,
  onReady,
}: RichTextEditorProps) {
  const [picking, setPicking] = useState<Picking | null>(null);
  return (
    <>
      <Editor
        tinymceScriptSrc={`${TINYMCE_BASE}/tinymce.min.js`}
        licenseKey="gpl"
        value={value}
        onEditorChange={(html) => onChange(html)}
        onInit={(_event, editor) => {
          // Once the language pack is in (said before, it would stand for the whole language and the pack would not load).
          editor.editorManager.addI18n('es', DIALOG_WORDS);
          // TinyMCE names the editing body (iframe_aria_text) but not its frame; a frame needs a name too (axe frame-title).
          editor.iframeElement?.setAttribute('title', label);
          if (hintId) editor.iframeElement?.setAttribute('aria-describedby', hintId);
          // TinyMCE's aria-label on a body with no role is a name ARIA prohibits (axe aria-prohibited-attr):
          // the editing body is a multi-line text box, and says so.
          const body = editor.getBody();
          body.setAttribute('role', 'textbox');
          body.setAttribute('aria-multiline', 'true');
          // The toolbar docks below the admin's sticky header, whose height changes with the screen's width.
          const dockBelowHeader = () => editor.options.set('toolbar_sticky_offset', stickyHeaderHeight());
          dockBelowHeader();
          window.addEventListener('resize', dockBelowHeader);
          editor.on('remove', () => window.removeEventListener('resize', dockBelowHeader));
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && !event.defaultPrevented) {
            event.preventDefault();
            onLeave();
          }
        }}
        onFocus={() => onTextFocus?.(true)}
        onBlur={() => onTextFocus?.(false)}
        init={{
          base_url: TINYMCE_BASE,
          suffix: '.min',
          language: 'es',
          language_url: `${TINYMCE_BASE}/langs/es.js`,
          height: RICH_TEXT_EDITOR_HEIGHT_PX,
          menubar: false,
          promotion: false,
          branding: false,
          plugins: 'autolink link lists table image',
          toolbar: 'blocks | bold italic | bullist numlist | link image blockquote | table | removeformat',
          // Every button in view, on as many lines as the width needs: not in a drawer, nor (TinyMCE's
          // default on phones) in a strip that scrolls sideways. A wide cell still shows one line.
          toolbar_mode: 'wrap',
          // The toolbar stays in view while a long text scrolls (below the admin's header: onInit).
          toolbar_sticky: true,
          // On phones and tablets TinyMCE would otherwise put back its sideways strip and drop the sticky toolbar.
          mobile: { toolbar_mode: 'wrap', toolbar_sticky: true },
          // Tab and Shift+Tab leave the text like any field's; they do not indent lists or walk table cells.
          lists_indent_on_tab: false,
          table_tab_navigation: false,
          // A fixed 400 px (requirements §9): no resize handle, no element path.
          statusbar: false,
          block_formats: 'Párrafo=p; Título 2=h2; Título 3=h3; Título 4=h4',
          iframe_aria_text: label,
          // Addresses stay as written (absolute uploads, external links).
          convert_urls: false,
          link_default_target: '_blank',
          // An image's dialog: its address (typed, chosen from the library or uploaded) and its
          // alternative text, which stays this use's own; the site sizes images itself.
          image_dimensions: false,
          image_title: false,
          // The address fields of the image and link dialogs have a button that opens the library:
          // its images for an image, its documents for a link ('a text cell can link to a document').
          file_picker_types: 'file image',
          file_picker_callback: (callback, _value, meta) =>
            setPicking(
              meta.filetype === 'image'
                ? { kind: 'image', chosen: (item) => callback(absoluteImageUrl(item.url), { alt: item.alt }) }
                : { kind: 'document', chosen: (item) => callback(absoluteImageUrl(item.url), { text: item.title, title: item.title }) },
            ),
          paste_data_images: true,
          paste_webkit_styles: 'none',
          // After the wrapper has given the editor the latest `value` (its own init_instance_callback runs first).
          init_instance_callback: (editor) => onReady(editor),
          setup: (editor) => {
            // Before TinyMCE's own paste handling, which would keep the HTML's address of an image over its bytes.
            editor.on('paste', (event) => pasteImageBytes(editor, event), true);
            // Keys typed in the text stay in its frame: Ctrl+S / ⌘S is handed on to the page, where the
            // form saves and stays open, instead of the browser offering to save the page.
            editor.on('keydown', (event) => {
              if (!isSaveShortcut(event)) return;
              event.preventDefault();
              editor.getContainer().dispatchEvent(
                new KeyboardEvent('keydown', {
                  key: event.key,
                  ctrlKey: event.ctrlKey,
                  metaKey: event.metaKey,
                  bubbles: true,
                  cancelable: true,
                }),
              );
            });
          },
          // Before the paste becomes elements of the editor's document, which would start loading another site's images.
          paste_preprocess: (editor, args) => {
            const pasted = new DOMParser().parseFromString(args.content, 'text/html');
            const removed = removeForeignImages(pasted.body, {
              ownOrigins: ownOrigins(),
              // TinyMCE's own blob: images (copied within the editor) are uploaded like pasted bytes.
              isKnownBlob: (uri) => editor.editorUpload.blobCache.getByUri(uri) !== undefined,
            });
            if (removed === 0) return;
            args.content = pasted.body.innerHTML;
            editor.notificationManager.open({ text: foreignImagesMessage(removed), type: 'warning' });
          },
          paste_postprocess: (_editor, args) => cleanPastedHtml(args.node),
          automatic_uploads: true,
          images_upload_handler: (blobInfo) => {
            const blob = blobInfo.blob();
            // TinyMCE shows the message and removes the image (remove: true), so no data: address is left behind.
            const refused = checkImageFile(blob);
            if (refused) return Promise.reject({ message: refused, remove: true });
            return uploadImage(blob, blobInfo.filename()).catch((error: unknown) =>
              Promise.reject({ message: uploadRefusal(error), remove: true }),
            );
          },
        }}
      />
      {picking && (
        <MediaPicker
          kind={picking.kind}
          onChoose={(item) => {
            picking.chosen(item);
            setPicking(null);
          }}
          onClose={() => setPicking(null)}
        />
      )}
    </>
  );
}
