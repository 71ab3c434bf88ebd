/**
 * What a form does to a stored image: keep it, replace it with a new file, or
 * remove it. The image field of the admin kit produces it; multipart
 * endpoints turn it into the `photo` / `featured_image` part.
 */
export type ImageChange = { kind: 'keep' } | { kind: 'replace'; file: File } | { kind: 'remove' };

export const keepImage: ImageChange = { kind: 'keep' };

/**
 * Adds the image part to a multipart body: the file when replaced, an empty
 * field when removed (requirements §10: "A photo is removed by sending `photo` as
 * an empty multipart field"), nothing when kept (the server keeps it).
 */
export function appendImageChange(form: FormData, field: string, change: ImageChange): void {
  if (change.kind === 'replace') form.append(field, change.file, change.file.name);
  else if (change.kind === 'remove') form.append(field, '');
}
