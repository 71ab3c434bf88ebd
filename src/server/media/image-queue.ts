import { WorkLine } from '../work-line';

/**
 * Runs image work a few at a time (docs/decisions/121-resource-limits.md). Decoding a large
 * image takes hundreds of megabytes and every CPU libvips is given; six
 * 7000 × 7000 PNGs uploaded at once took 33 s and 1 GB together. In line, each
 * gets the machine in turn and memory stays at `concurrency` images' worth.
 * Uploads are an administrator's, so the line has no length limit.
 */
export class ImageQueue extends WorkLine {
  /** Tasks running now. */
  get active(): number {
    return this.running;
  }
}
