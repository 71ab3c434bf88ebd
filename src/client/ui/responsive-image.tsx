import { useState, type ImgHTMLAttributes, type ReactNode } from 'react';
import { imageSrcSet } from '@/domain/images';

interface ResponsiveImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'onError'> {
  src: string;
  /** Layout widths for the browser to pick a variant: e.g. '(min-width: 1024px) 33vw, 100vw'. */
  sizes: string;
  /** Shown instead when the image fails to load; nothing by default (requirements §2: hidden). */
  fallback?: ReactNode;
}

/**
 * An image with the server's WebP variants as srcset (when it is a stored
 * upload). It disappears, or shows `fallback`, when it cannot be loaded.
 */
export function ResponsiveImage({
  src,
  sizes,
  fallback = null,
  alt = '',
  loading = 'lazy',
  decoding = 'async',
  ...rest
}: ResponsiveImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (failedSrc === src) return <>{fallback}</>;
  const srcSet = imageSrcSet(src);
  return (
    <img
      {...rest}
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      loading={loading}
      decoding={decoding}
      onError={() => setFailedSrc(src)}
    />
  );
}
