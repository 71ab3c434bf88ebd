/** requirements §4: is_featured reads 'Destacado' / 'Normal'. */
export const featuredLabel = (isFeatured: boolean): string => (isFeatured ? 'Destacado' : 'Normal');
