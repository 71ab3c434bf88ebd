/** Business constants of requirements §9, shared by the server and the browser. */
export const HTTP_TIMEOUT_MS = 30_000;
export const BIOGRAPHY_MAX_LENGTH = 3000;
export const FEATURED_IMAGE_MAX_BYTES = 5 * 1024 * 1024; // 5242880
/** Largest document (PDF, Word, Excel, PowerPoint, OpenDocument) the media library takes. */
export const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024; // 20971520
export const LAYOUT_COLUMNS = 4;
export const MIN_COLUMN_SPAN = 1;
export const DEFAULT_COLUMN_SPAN = 1;
export const ADMIN_BIOGRAPHY_PAGE_SIZE = 1000;
export const PUBLIC_BIOGRAPHY_PAGE_SIZE = 100;
/** Cards on a public section page: three full rows of the four-column grid, two of three, six of two. */
export const PUBLIC_PUBLICATION_PAGE_SIZE = 12;
export const NEW_BIOGRAPHY_DEFAULT_ORDER = 2;
export const BIOGRAPHY_PREVIEW_LENGTH = 250;
export const PUBLICATION_EXCERPT_LENGTH = 100;
export const RICH_TEXT_EDITOR_HEIGHT_PX = 400;
export const DATE_LOCALE = 'es-ES';
/** Default page size of list endpoints when the caller sends none. */
export const DEFAULT_PAGE_SIZE = 20;
/** Largest page a caller may ask for (the admin client asks for 1000). */
export const MAX_PAGE_SIZE = 1000;
/** Widths of the WebP variants the server makes of every uploaded image. */
export const IMAGE_VARIANT_WIDTHS = [480, 960, 1600] as const;

/**
 * Size limits of what administrators type (requirements §10.6), in
 * characters: one definition for the forms and for the server. The database
 * stores text without a length, so these are the only limits there are.
 */
export const FIELD_LIMITS = {
  /** A publication's title. */
  publicationTitle: 200,
  /** A biography's name. */
  name: 200,
  /** A biography's position (Cargo). */
  position: 200,
  sectionTitle: 100,
  email: 254,
  /** Web links and the address in an image or video cell. */
  url: 2048,
  biography: BIOGRAPHY_MAX_LENGTH,
  /** The HTML of one text cell. */
  textCell: 100_000,
  /** Rows of one publication's layout. */
  layoutRows: 200,
  /** An event's place ('Lugar'). */
  eventLocation: 200,
} as const;

/** `order` is stored in a 32-bit integer column on both databases. */
export const ORDER_MIN = -2_147_483_648;
export const ORDER_MAX = 2_147_483_647;

/** Most items one reorder request may carry (requirements §10.5). */
export const REORDER_MAX_ITEMS = 1000;

/** Most publications one bulk action may carry: the panel refuses a larger selection before sending it, the server too. */
export const BULK_MAX_ITEMS = 500;

/**
 * Largest value of one multipart text field (a publication's layout travels
 * as one). Longer values are refused, never cut; JSON bodies have the
 * server's own body limit.
 */
export const FORM_FIELD_MAX_BYTES = 4 * 1024 * 1024;

/**
 * Deepest a JSON body, or the JSON text of a multipart field (a layout), may
 * nest arrays and objects: `[]` is one level, `{"a": []}` two. A publication's
 * body needs five; deeper is refused before it is parsed (decision 215).
 */
export const JSON_MAX_DEPTH = 32;

/**
 * Most pixels an uploaded image may decode to, every frame of an animation
 * counted (about 7000 × 7000). A 5 MB file can claim far more: this is
 * checked from the header, before anything is decoded.
 */
export const IMAGE_MAX_PIXELS = 50_000_000;

/**
 * Uploaded images decoded and re-encoded at once; the others wait their turn
 * (server/media/image-queue.ts). One: libvips already spreads one image over
 * every CPU, so a second only adds its memory (decision 121).
 */
export const IMAGE_PROCESSING_CONCURRENCY = 1;
