import { paths } from '@/client/app/paths';
import type { RevisionKind } from '@/domain/history';

/** What the history screens need to know of each kind of item: its addresses and how it is named. */
export const HISTORY_KINDS: Record<
  RevisionKind,
  { revisionHref: (id: number, revisionId: number) => string; detailHref: (id: number) => string; noun: string; back: string }
> = {
  publication: {
    revisionHref: paths.admin.publicationRevision.getHref,
    detailHref: paths.admin.publication.getHref,
    noun: 'la publicación',
    back: 'Volver a la publicación',
  },
  section: {
    revisionHref: paths.admin.sectionRevision.getHref,
    detailHref: paths.admin.section.getHref,
    noun: 'la sección',
    back: 'Volver a la sección',
  },
  biography: {
    revisionHref: paths.admin.biographyRevision.getHref,
    detailHref: paths.admin.biography.getHref,
    noun: 'la biografía',
    back: 'Volver a la biografía',
  },
};
