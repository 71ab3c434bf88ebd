/**
 * The closed lists of values a publication's fields take. Their own module, imported
 * by the schemas and by entities.ts alike, so that neither imports the other.
 */

export const CELL_TYPES = ['text', 'image', 'video', 'document'] as const;
export type CellType = (typeof CELL_TYPES)[number];

export const PUBLICATION_STATUSES = ['draft', 'published', 'archived'] as const;
export type PublicationStatus = (typeof PUBLICATION_STATUSES)[number];
