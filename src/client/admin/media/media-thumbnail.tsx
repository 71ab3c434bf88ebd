import { ResponsiveImage } from '@/client/ui/responsive-image';
import { documentFactsBy } from '@/domain/documents';
import type { MediaItem } from '@/domain/schemas/media';

/** The focal point as CSS places a cropped image: '30% 70%'. */
export const focalPosition = (item: Pick<MediaItem, 'focal_x' | 'focal_y'>): string =>
  `${Math.round(item.focal_x * 100)}% ${Math.round(item.focal_y * 100)}%`;

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
        style={{ objectPosition: focalPosition(item) }}
        fallback={<span className="media-thumbnail media-thumbnail-missing">Imagen no disponible</span>}
      />
    );
  }
  return <span className="media-thumbnail media-thumbnail-document">{documentLabel(item)}</span>;
}
