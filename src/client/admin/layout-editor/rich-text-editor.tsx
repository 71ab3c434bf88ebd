import { Editor } from '@tinymce/tinymce-react';
import { RICH_TEXT_EDITOR_HEIGHT_PX } from '@/domain/limits';
import { messages } from '@/domain/messages';
import { cleanPastedHtml } from './clean-pasted-html';

/** Where the build puts TinyMCE's own files (webpack.config.ts): the site's own origin, as the CSP wants. */
const TINYMCE_BASE = '/tinymce';

export interface RichTextEditorProps {
  value: string;
  onChange: (html: string) => void;
  /** The editing area's accessible name. */
  label: string;
  /** Uploads a pasted or dropped image; resolves with its address. */
  uploadImage: (image: Blob, filename: string) => Promise<string>;
}

/**
 * TinyMCE in Spanish, 400 px tall (requirements §2, §9), self-hosted (requirements §10).
 * This module is only reached through React.lazy, so neither it nor
 * TinyMCE's script is ever loaded by the public site. Pasted Word or Google
 * Docs content is cleaned; pasted or dropped images are uploaded like image
 * cells and replaced by their address (the server refuses `data:` images).
 */
export default function RichTextEditor({ value, onChange, label, uploadImage }: RichTextEditorProps) {
  return (
    <Editor
      tinymceScriptSrc={`${TINYMCE_BASE}/tinymce.min.js`}
      licenseKey="gpl"
      value={value}
      onEditorChange={(html) => onChange(html)}
      onInit={(_event, editor) => {
        // TinyMCE names the editing body (iframe_aria_text) but not its frame; a frame needs a name too (axe frame-title).
        editor.iframeElement?.setAttribute('title', label);
        editor.focus();
      }}
      init={{
        base_url: TINYMCE_BASE,
        suffix: '.min',
        language: 'es',
        language_url: `${TINYMCE_BASE}/langs/es.js`,
        height: RICH_TEXT_EDITOR_HEIGHT_PX,
        menubar: false,
        promotion: false,
        branding: false,
        plugins: 'autolink link lists table',
        toolbar: 'blocks | bold italic | bullist numlist | link blockquote | table | removeformat',
        // A fixed 400 px (requirements §9): no resize handle, no element path.
        statusbar: false,
        block_formats: 'Párrafo=p; Título 2=h2; Título 3=h3; Título 4=h4',
        iframe_aria_text: label,
        // Addresses stay as written (absolute uploads, external links).
        convert_urls: false,
        link_default_target: '_blank',
        paste_data_images: true,
        paste_webkit_styles: 'none',
        paste_postprocess: (_editor, args) => cleanPastedHtml(args.node),
        automatic_uploads: true,
        images_upload_handler: (blobInfo) =>
          uploadImage(blobInfo.blob(), blobInfo.filename()).catch(() =>
            // TinyMCE shows the message and removes the image, so no data: address is left behind.
            Promise.reject({ message: messages.uploadImageFailed, remove: true }),
          ),
      }}
    />
  );
}
