/**
 * Private preview links ('Compartir borrador'): an address
 * /vista-previa/{token} that shows a publication's saved version to whoever
 * holds it, without signing in, until it is revoked or expires. What the
 * server and the panel share: the lifetimes and the words.
 */

/** The path segment of a link's page (a reserved segment: no section may take it). */
export const PREVIEW_SEGMENT = 'vista-previa';

/** Days a link lives when nobody chooses otherwise. */
export const PREVIEW_LINK_DEFAULT_DAYS = 7;
/** The longest a link may live: a draft shown to someone outside, not a second site. */
export const PREVIEW_LINK_MAX_DAYS = 30;

/** The lifetimes the panel offers, in days. */
export const PREVIEW_LINK_DAY_CHOICES = [1, 3, 7, 14, 30] as const;

/** A link's page address from its token. */
export const previewLinkPath = (token: string): string => `/${PREVIEW_SEGMENT}/${token}`;

/**
 * A token as links carry it: 32 random bytes in base64url (43 characters).
 * Anything else names no link, and is refused before the database is asked.
 */
export const isPreviewToken = (value: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(value);

export const previewLinkTexts = {
  heading: 'Enlaces privados',
  create: 'Crear enlace privado',
  copy: 'Copiar enlace',
  revoke: 'Revocar enlace',
  lifetime: 'Caducidad',
  days: (days: number): string => (days === 1 ? '1 día' : `${days} días`),
  expires: (date: string): string => `Caduca el ${date}`,
  none: 'No hay enlaces privados activos.',
  shownOnce:
    'Cualquiera que tenga este enlace verá la versión guardada, sin iniciar sesión. Solo se muestra ahora: cópielo antes de cerrar este aviso.',
  confirmRevoke: '¿Revocar este enlace privado? Quien lo tenga dejará de ver la publicación.',
  revoked: 'Enlace revocado.',
  created: 'Enlace privado creado.',
  notFound: 'No se encontró el enlace.',
  pageNotFound: 'No se encontró la página.',
  invalidDays: `Elija una caducidad de 1 a ${PREVIEW_LINK_MAX_DAYS} días.`,
} as const;
