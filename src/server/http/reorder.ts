import { ReorderAnswer, ReorderBody } from '@/domain/schemas/common';

/**
 * The options of PATCH {list}reorder/ (content/reorder.ts): [{id, order}],
 * `order` being the position in the view the administrator reordered.
 */
export const reorderRoute = (tag: string) => ({
  schema: {
    tags: [tag],
    security: [{ bearer: [] }],
    summary: 'Reordena los elementos de una vista',
    description:
      'Los elementos toman, en la nueva secuencia, los valores de `order` que ya tenían entre ellos; para la lista entera, las posiciones. Como máximo 1000. No cambia `version`.',
    body: ReorderBody,
    response: { 200: ReorderAnswer },
  },
  // The payload is judged whole by the domain rule, which names the problem in one detail.
  attachValidation: true,
});
