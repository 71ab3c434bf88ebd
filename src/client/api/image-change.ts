/**
 * What a form does to a stored image: keep it, replace it with a new file or
 * with an image of the media library (its address, docs/decisions/223), or
 * remove it. The image field of the admin kit produces it; multipart
 * endpoints turn it into the `photo` / `featured_image` part.
 */
export type ImageChange =
  { kind: 'keep' } | { kind: 'replace'; file: File } | { kind: 'library'; url: string; title: string } | { kind: 'remove' };

/** Whether the change brings an image (a new file or one of the library), as a new publication requires. */
export const bringsImage = (change: ImageChange): boolean => change.kind === 'replace' || change.kind === 'library';

export const keepImage: ImageChange = { kind: 'keep' };

/**
 * Adds the image part to a multipart body: the file when replaced, an empty
 * field when removed (requirements §10: "A photo is removed by sending `photo` as
 * an empty multipart field"), nothing when kept (the server keeps it).
 */
export function appendImageChange(form: FormData, field: string, change: ImageChange): void {
  if (change.kind === 'replace') form.append(field, change.file, change.file.name);
  // The library's image by its address: the server accepts an image stored on this site.
  else if (change.kind === 'library') form.append(field, change.url);
  else if (change.kind === 'remove') form.append(field, '');
}
