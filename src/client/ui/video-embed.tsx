import { toEmbedUrl } from '@/domain/video';

const DIRECT_VIDEO = /\.(mp4|webm|ogv|ogg)(?:[?#].*)?$/i;

/**
 * A video cell's address as a player (requirements §2, §5): YouTube and Vimeo links
 * become their embeddable players at 16:9; a direct video file plays in a
 * native <video>; any other address is embedded as it is. Nothing when the
 * address cannot be processed.
 */
export function VideoEmbed({ url, title = 'Vídeo' }: { url: string; title?: string }) {
  const src = toEmbedUrl(url);
  if (!src) return null;
  return (
    <div className="ui-video">
      {DIRECT_VIDEO.test(src) ? (
        // A linked file brings no caption track of its own; the player shows its controls.
        // eslint-disable-next-line jsx-a11y/media-has-caption
        <video src={src} controls preload="metadata" title={title}>
          <a href={src}>Ver el vídeo</a>
        </video>
      ) : (
        <iframe
          src={src}
          title={title}
          loading="lazy"
          allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      )}
    </div>
  );
}
