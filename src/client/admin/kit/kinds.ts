import { paths } from '@/client/app/paths';
import { kindWithArticle, type ContentKind } from '@/domain/content-kinds';

/** What the admin's shared screens (history, presence, trash) need of a kind: its addresses. */
interface AdminKind {
  /** The record's own page. */
  detailHref: (id: number) => string;
  /** One of its revisions in its Historial. */
  revisionHref: (id: number, revisionId: number) => string;
}

/** The admin's registry of kinds (src/domain/content-kinds.ts): a kind left out is a type error. */
export const ADMIN_KINDS = {
  publication: { detailHref: paths.admin.publication.getHref, revisionHref: paths.admin.publicationRevision.getHref },
  section: { detailHref: paths.admin.section.getHref, revisionHref: paths.admin.sectionRevision.getHref },
  biography: { detailHref: paths.admin.biography.getHref, revisionHref: paths.admin.biographyRevision.getHref },
  media: { detailHref: paths.admin.mediaItem.getHref, revisionHref: paths.admin.mediaRevision.getHref },
} as const satisfies { [K in ContentKind]: AdminKind };

/** The link back to a record's page: 'Volver a la publicación'. */
export const backToRecord = (kind: ContentKind): string => `Volver a ${kindWithArticle(kind)}`;
