import type { Section } from '@/domain/entities';

/** requirements §4: a section's is_active reads 'Visible' / 'No visible'. */
export const sectionStatus = (section: Pick<Section, 'is_active'>): string => (section.is_active ? 'Visible' : 'No visible');
