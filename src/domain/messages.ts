import { kindCount, thisKind, type ContentKind } from './content-kinds';
import {
  DOCUMENT_MAX_BYTES,
  FIELD_LIMITS,
  FORM_FIELD_MAX_BYTES,
  IMAGE_MAX_PIXELS,
  JSON_MAX_DEPTH,
  ORDER_MAX,
  ORDER_MIN,
  REORDER_MAX_ITEMS,
} from './limits';

/**
 * Every Spanish message that both halves can show (requirements §5, §8). The server
 * answers with the same words that the browser shows when it checks first.
 */
export const messages = {
  required: 'Este campo es obligatorio.',
  completeAllFields: 'Por favor, complete todos los campos',
  completeRequiredFields: 'Por favor, complete todos los campos requeridos',
  invalidCredentials: 'Usuario o contraseña incorrectos',
  loginFailed: 'Error al iniciar sesión. Por favor, intente nuevamente.',
  tooManyAttempts: 'Demasiados intentos fallidos. Espere unos minutos antes de volver a intentarlo.',
  /** 503 from POST /api/token/ while too many passwords are being checked; the sign-in screen shows loginFailed. */
  loginBusy: 'Hay demasiados inicios de sesión en curso. Inténtelo de nuevo en unos segundos.',
  sessionExpired: 'Por favor, inicie sesión nuevamente',
  notAuthenticated: 'No se proporcionaron credenciales de autenticación.',
  invalidToken: 'El token no es válido o ha expirado.',
  notFound: 'No encontrado.',
  malformedBody: 'El cuerpo de la petición no es válido.',
  controlCharacter: 'El texto contiene caracteres de control no permitidos.',
  /** A JSON body, or a multipart field's JSON text, that nests arrays and objects past JSON_MAX_DEPTH (400). */
  tooDeeplyNested: `La petición anida demasiados niveles (máximo ${JSON_MAX_DEPTH}).`,
  serverError: 'Error interno del servidor. Por favor, intente más tarde.',
  invalidPage: 'Página no válida.',
  invalidText: 'Introduzca un texto válido.',
  unsupportedMediaType: 'Tipo de contenido no admitido.',
  payloadTooLarge: 'La petición es demasiado grande.',
  methodNotAllowed: 'Método no permitido.',
  /** Requests the HTTP layer refuses before any route sees them (docs/decisions/122-public-origin-proxies-and-the-http-layer.md). */
  malformedRequest: 'La petición no es válida.',
  malformedUrl: 'La dirección de la petición no es válida.',
  invalidHost: 'La cabecera Host no es válida.',
  headersTooLarge: 'Las cabeceras de la petición son demasiado grandes.',
  requestTimeout: 'La petición tardó demasiado en llegar.',
  expectationFailed: 'La cabecera Expect no es compatible con este servidor.',

  biographyTooLong: 'La biografía no puede superar los 3000 caracteres',
  invalidEmail: 'Introduzca una dirección de correo electrónico válida.',
  invalidUrl: 'Introduzca una URL válida.',
  notAnImage: 'El archivo debe ser una imagen.',
  imageNotUploaded: 'La imagen debe ser una dirección que haya devuelto la subida de imágenes de este sitio.',
  invalidBoolean: 'Debe ser verdadero o falso.',
  invalidInteger: 'Debe ser un número entero.',
  invalidDate: 'Introduzca una fecha válida (AAAA-MM-DD).',

  featuredImageRequired: 'La imagen destacada es requerida',
  publishDateRequired: 'La fecha de publicación es requerida',
  imageTypeNotAllowed: 'Tipo de archivo no permitido. Use JPG, PNG, GIF o WEBP.',
  imageTooLarge: 'La imagen no debe superar los 5MB',
  /** The media library ('Medios'). */
  mediaNotFound: 'No se encontró el archivo',
  /** A library upload that is neither an allowed image nor an allowed document. */
  mediaTypeNotAllowed:
    'Tipo de archivo no permitido. Use JPG, PNG, GIF o WEBP para imágenes, o PDF, Word, Excel, PowerPoint u OpenDocument.',
  focalOutOfRange: 'El punto focal debe estar entre 0 y 1.',
  /** Deleting a library item that something uses, without ?force=true (409). */
  mediaInUse: (count: number): string =>
    `No se puede eliminar el archivo porque se usa en ${count} ${count === 1 ? 'lugar' : 'lugares'}. Un administrador puede eliminarlo de todos modos.`,
  imageTooManyPixels: `La imagen es demasiado grande: no debe superar los ${IMAGE_MAX_PIXELS / 1_000_000} megapíxeles (unos 7000 × 7000 píxeles).`,
  /** A document of the media library that is none of the kinds of domain/documents.ts, by its content. */
  documentTypeNotAllowed: 'Tipo de archivo no permitido. Use PDF, Word, Excel, PowerPoint u OpenDocument.',
  documentTooLarge: `El documento no puede superar los ${DOCUMENT_MAX_BYTES / (1024 * 1024)} MB.`,
  /** 'Reemplazar archivo' with a file of the other kind. */
  replaceWithSameKind: 'El archivo nuevo debe ser del mismo tipo: una imagen por otra imagen, un documento por otro documento.',
  /** A recovered draft could not keep the file chosen in an image field. */
  chooseImageAgain: 'Vuelva a elegir la imagen: el borrador no puede conservarla.',
  invalidStatus: 'Estado no válido. Use draft, published o archived.',
  sectionNotFound: 'La sección seleccionada no existe.',

  layoutTooWide: 'El total de columnas no puede exceder 4',
  rowFull: 'No hay espacio disponible en esta fila',
  /** Said after rowFull by the editor's 'Añadir celda': what to do about it. */
  rowFullHint: 'Reduzca las columnas de una celda para hacer sitio.',
  /** A cell whose type is not chosen yet, at save (layoutErrorText adds its place: '… de la celda 1 de la fila 2'). */
  cellTypeMissing: 'Elija el tipo',
  invalidLayout: 'El diseño no es válido.',
  invalidCellType: 'Tipo de celda no válido. Use text, image, video o document.',
  /** A 'Documento' cell whose address is no document of the library (a typed one, or one since deleted). */
  documentNotInLibrary: 'Elija un documento de la biblioteca.',
  imageNotInLibrary: 'Elija una imagen de la biblioteca.',
  invalidListOrder: 'Elija un orden de la lista: por fecha, manual o de eventos.',
  imageFromOneSource: 'Envíe un archivo o elija una imagen de la biblioteca, no las dos cosas.',
  /** A publication's event ('Evento' in its form, docs/decisions/197). */
  eventInvalid: 'El evento debe ser un objeto con start, end, all_day, location, online_url y registration_url, o null.',
  eventStartRequired: 'Indique cuándo empieza el evento.',
  eventInvalidDateTime: 'Introduzca una fecha y una hora válidas (AAAA-MM-DDTHH:MM).',
  eventEndBeforeStart: 'La fecha de fin no puede ser anterior al inicio',
  /** A wall-clock time in the hour the clocks skip going forward. */
  eventTimeSkipped: 'Esa hora no existe ese día: los relojes se adelantan una hora. Elija otra.',
  eventWrongOffset: (offsets: string): string =>
    `En la zona horaria del sitio esa hora es ${offsets}: escriba esa diferencia horaria o ninguna.`,
  invalidColumnSpan: 'El ancho de columna debe estar entre 1 y 4.',

  reorderInvalid: 'El orden no es válido: cada elemento necesita id y order.',
  reorderUnknownIds: 'Algunos elementos no existen.',
  reorderTooMany: `No se pueden ordenar más de ${REORDER_MAX_ITEMS} elementos a la vez.`,

  /** DRF's max_length message. */
  tooLong: (max: number): string => `Asegúrese de que este campo no tenga más de ${max} caracteres.`,
  orderOutOfRange: `El orden debe ser un número entero entre ${ORDER_MIN} y ${ORDER_MAX}.`,
  layoutTooManyRows: `El diseño no puede tener más de ${FIELD_LIMITS.layoutRows} filas.`,
  textCellTooLong: `El texto de una celda no puede superar los ${FIELD_LIMITS.textCell} caracteres.`,
  cellUrlTooLong: `La dirección de una celda no puede superar los ${FIELD_LIMITS.url} caracteres.`,
  fieldTooLarge: `Este campo no puede superar los ${FORM_FIELD_MAX_BYTES / (1024 * 1024)} MB.`,
  richTextDataUri: 'Las imágenes pegadas en el texto deben subirse como archivo: no se admiten imágenes incrustadas (data:).',
  invalidVersion: 'La versión debe ser un número entero mayor que 0.',
  invalidOmit: 'Valor no válido. Use layout.',
  invalidChoice: 'Valor no válido.',
  /** A JSON body's field that the resource does not have (the document closes every body). */
  unknownField: 'Este campo no existe en este recurso.',

  /** A save that started from an older version than the stored one (409). */
  editConflict: 'Otra persona guardó cambios mientras usted editaba. Revise la versión actual antes de volver a guardar.',
  /** The same, when the version that came first was saved by the same person (another tab, docs/decisions/145). */
  editConflictYours: (kind: ContentKind): string =>
    `Usted guardó ${thisKind(kind)} en otra pestaña mientras editaba aquí. Revise la versión actual antes de volver a guardar.`,
  /** An Idempotency-Key header that is empty, too long or not printable ASCII (400). */
  invalidIdempotencyKey: 'La cabecera Idempotency-Key debe tener entre 1 y 255 caracteres ASCII visibles.',
  /** An Idempotency-Key already used for another request (422). */
  idempotencyKeyReused: 'Esta Idempotency-Key ya se usó para otra petición. Envíe una clave nueva con cada intento de guardar.',
  /** Deleting a section that still holds publications (409). */
  sectionHasPublications: (count: number): string =>
    `No se puede eliminar la sección porque contiene ${count} ${count === 1 ? 'publicación' : 'publicaciones'}.`,

  /** The trash ('Papelera', docs/decisions/130-trash.md). */
  trashEntryNotFound: 'No se encontró el elemento en la papelera.',
  /** Restoring a publication whose section is itself in the trash (409). */
  restoreSectionFirst: (sectionTitle: string): string =>
    `No se puede restaurar la publicación porque su sección, «${sectionTitle}», está en la papelera. Restaure primero la sección.`,
  /** Restoring a publication whose section was deleted for good (409). */
  restoreSectionGone: 'No se puede restaurar la publicación porque su sección ya no existe.',

  /** The history ('Historial') and the activity log, docs/decisions/132-revisions-and-activity-log.md. */
  revisionNotFound: 'No se encontró la versión.',
  /** Restoring a publication's revision whose section is in the trash (409). */
  revisionSectionInTrash: (sectionTitle: string): string =>
    `No se puede restaurar esta versión porque su sección, «${sectionTitle}», está en la papelera. Restaure primero la sección.`,
  /** Restoring a publication's revision whose section no longer exists (409). */
  revisionSectionGone: (sectionTitle: string): string =>
    `No se puede restaurar esta versión porque su sección, «${sectionTitle}», ya no existe.`,
  /** Restoring a revision whose layout today's rules refuse (409). */
  revisionLayoutInvalid: 'No se puede restaurar esta versión porque su diseño ya no cumple las reglas actuales.',
  activityDateOrder: 'La fecha final no puede ser anterior a la inicial.',
  /** What a reorder moved, as the activity log names it: '5 secciones'. */
  reorderedItems: kindCount,
  /** A reorder that moved one item: what the activity log says of it. */
  movedItem: (label: string, position: number): string => `Movió «${label}» a la posición ${position}`,
  movedBefore: (label: string, next: string): string => `Movió «${label}» delante de «${next}»`,
  movedAfter: (label: string, previous: string): string => `Movió «${label}» detrás de «${previous}»`,

  /**
   * An account renamed by migration 021 because its username was an older account's in another case,
   * or with its accents written otherwise ('ñandu' beside 'Ñandu'): logged once at the upgrade or restore.
   */
  usernameRenamed: (from: string, id: number, to: string, kept: string): string =>
    `Usuarios: la cuenta «${from}» (id ${id}) se llama ahora «${to}»: su nombre era el de «${kept}» sin distinguir ` +
    'mayúsculas ni la forma de escribir los acentos. Su titular inicia sesión con el nombre nuevo y la misma contraseña.',
  /** The same rename as Actividad names it. */
  usernameRenamedLabel: (from: string, to: string): string => `${from} → ${to}`,

  saveBiographyFailed: 'Error al guardar la biografía',
  saveSectionFailed: 'Error al guardar la sección',
  savePublicationFailed: 'Error al guardar la publicación.',
  loadBiographiesFailed: 'Error al cargar las biografías. Por favor, intente de nuevo.',
  loadSectionsFailed: 'Error al cargar las secciones',
  uploadImageFailed: 'Error al subir la imagen',
  uploadingImage: 'Subiendo imagen...',
  loadPublicationFailed: 'Error al cargar la publicación',
  publicationNotFound: 'No se encontró la publicación',
  biographyNotFound: 'No se encontró la biografía',
  sectionNotFoundDetail: 'No se encontró la sección',
  loadFacultyFailed: 'Ocurrió un error al cargar el cuerpo docente.',
  noBiographies: 'No hay biografías disponibles en este momento.',
  loading: 'Cargando...',
  saving: 'Guardando...',
} as const;

/** 'Error al cargar las publicaciones de {page title}' (requirements §8). */
export const loadPublicationsFailed = (pageTitle: string): string => `Error al cargar las publicaciones de ${pageTitle}`;

/** 'Mostrando N docentes' (requirements §2). */
export const showingFaculty = (count: number): string => `Mostrando ${count} docentes`;

/** '¿Estás seguro de eliminar esta biografía / sección / publicación?' (requirements §5). */
export const confirmDelete = (noun: 'biografía' | 'sección' | 'publicación'): string => `¿Estás seguro de eliminar esta ${noun}?`;

/** 'n/3000 caracteres' (requirements §5). */
export const characterCounter = (length: number, max: number): string => `${length}/${max} caracteres`;
