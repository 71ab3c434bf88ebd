import type { Section } from '@/domain/entities';
import { DetailList, type DetailItem } from './detail-list';
import { StatusBadge } from './status-badge';

// In the kit because two features show a section: its own screens (sections/) and an earlier version of it in
// Historial (history/revision-page.tsx), and a feature may not import another (docs/decisions/189).

/** requirements §4: a section's is_active reads 'Visible' (green) / 'No visible' (gray). */
export function SectionStatusBadge({ section }: { section: Pick<Section, 'is_active'> }) {
  return <StatusBadge tone={section.is_active ? 'positive' : 'neutral'}>{section.is_active ? 'Visible' : 'No visible'}</StatusBadge>;
}

/** A section's title, slug and status as a detail list, then `more` rows (its detail page adds its address, order and date). */
export function SectionDetails({
  section,
  more = [],
}: {
  section: Pick<Section, 'title' | 'slug' | 'is_active'>;
  more?: readonly DetailItem[];
}) {
  return (
    <DetailList
      items={[
        ['Título', section.title],
        ['Slug', <code key="slug">{section.slug}</code>],
        ['Estado', <SectionStatusBadge key="status" section={section} />],
        ...more,
      ]}
    />
  );
}
