import type { LayoutCell } from '@/domain/entities';
import { SanitizedHtml } from './sanitized-html';
import { ResponsiveImage } from './responsive-image';
import { VideoEmbed } from './video-embed';
import { DocumentCard } from './document-card';

const CELL_IMAGE_SIZES = '(min-width: 1024px) 960px, 100vw';

/**
 * One cell's content: text as sanitised HTML, an image with its alternative text (hidden when it fails),
 * a video player, a document's download card; unknown types render nothing.
 */
export function LayoutCellView({ cell }: { cell: LayoutCell }) {
  switch (cell.type) {
    case 'text':
      return <SanitizedHtml className="ui-rich-text" html={cell.content ?? ''} />;
    case 'image':
      return cell.content ? (
        <ResponsiveImage className="ui-cell-image" src={cell.content} alt={cell.alt ?? ''} sizes={CELL_IMAGE_SIZES} />
      ) : null;
    case 'video':
      return cell.content ? <VideoEmbed url={cell.content} /> : null;
    case 'document':
      return cell.content ? <DocumentCard cell={cell} /> : null;
    default:
      return null;
  }
}
