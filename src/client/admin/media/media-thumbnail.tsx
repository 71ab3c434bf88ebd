import { ResponsiveImage } from '@/client/ui/responsive-image';
import { documentFactsBy } from '@/domain/documents';
import { focalPosition } from '@/domain/media';
import type { MediaItem } from '@/domain/schemas/media';

/** An item's focal point as CSS places a cropped image: '30% 70%'. */
export const itemPosition = (item: Pick<MediaItem, 'focal_x' | 'focal_y'>): string | undefined =>
  focalPosition({ x: item.focal_x, y: item.focal_y });

/** A document's kind as a card names it: 'PDF', 'Word'. */
export const documentLabel = (item: Pick<MediaItem, 'content_type'>): string =>
  documentFactsBy('contentType', item.content_type)?.label ?? 'Documento';

/** A library card's picture: the image cropped around its focal point, or a document's type. */
export function MediaThumbnail({ item }: { item: MediaItem }) {
  if (item.kind === 'image') {
    return (
      <ResponsiveImage
        className="media-thumbnail"
        src={item.url}
        sizes="(min-width: 1024px) 12rem, 45vw"
        alt=""
        style={{ objectPosition: itemPosition(item) }}
        fallback={<span className="media-thumbnail media-thumbnail-missing">Imagen no disponible</span>}
      />
    );
  }
  return <span className="media-thumbnail media-thumbnail-document">{documentLabel(item)}</span>;
}
