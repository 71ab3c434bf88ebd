import type { SiteSettings } from '@/domain/entities';

/**
 * JSON safe inside a <script> element: '<' is escaped so that no value can
 * close the element ("</script>") or open a comment.
 */
export function jsonForScript(value: SiteSettings | unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
