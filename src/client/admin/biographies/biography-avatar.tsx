import { ResponsiveImage } from '@/client/ui/responsive-image';
import type { Biography } from '@/domain/entities';

/** The photo of a biography, or its initial letter when it has none or it fails to load (requirements §2). */
export function BiographyAvatar({ biography, size }: { biography: Pick<Biography, 'name' | 'photo'>; size: 'small' | 'large' }) {
  const initial = (
    <span className={`biography-avatar biography-avatar-${size} biography-initial`} aria-hidden="true">
      {(biography.name.trim()[0] ?? '?').toUpperCase()}
    </span>
  );
  if (!biography.photo) return initial;
  return (
    <ResponsiveImage
      className={`biography-avatar biography-avatar-${size}`}
      src={biography.photo}
      sizes={size === 'small' ? '48px' : '160px'}
      alt={size === 'large' ? `Foto de ${biography.name}` : ''}
      fallback={initial}
    />
  );
}
