import './publication-content.css';
import type { ReactNode } from 'react';
import { LayoutGrid } from '@/client/ui/layout-grid';
import { ResponsiveImage } from '@/client/ui/responsive-image';
import type { Publication } from '@/domain/entities';

// In the kit because two features show a publication's content: its detail page (publications/) and an earlier
// version of it in Historial (history/revision-page.tsx), and a feature may not import another (docs/decisions/189).

/**
 * A publication's content as visitors see it: its featured image, then its layout drawn by the public site's own
 * renderer (src/client/ui/layout-grid). `children` stand between the two: Historial puts there the version's date,
 * title and status.
 */
export function PublicationContent({
  publication,
  children,
}: {
  publication: Pick<Publication, 'featured_image' | 'layout'>;
  children?: ReactNode;
}) {
  return (
    <>
      {publication.featured_image && (
        <ResponsiveImage
          className="publication-detail-image"
          src={publication.featured_image}
          sizes="(min-width: 1024px) 960px, 100vw"
          alt=""
        />
      )}
      {children}
      <LayoutGrid layout={publication.layout} />
    </>
  );
}
