import type { Biography } from '@/domain/entities';

/** requirements §4: a biography's is_active reads 'Activo' / 'Inactivo'. */
export const biographyStatus = (biography: Pick<Biography, 'is_active'>): string => (biography.is_active ? 'Activo' : 'Inactivo');
