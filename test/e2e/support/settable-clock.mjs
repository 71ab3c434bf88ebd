/**
 * Loaded before every browser-test site's server (`--import`, support/sites.ts):
 * its Date runs at the real time plus the offset, in milliseconds, written in
 * E2E_CLOCK_FILE, so that a test can take the server past a token's expiry or
 * the site's midnight without waiting. Test code only: the server itself has
 * no way to change its clock.
 */
import fs from 'node:fs';

const file = process.env.E2E_CLOCK_FILE;
const RealDate = Date;

/**
 * Read at every call, so that the server keeps the time a test has just set
 * (a few microseconds for a small file; a cache would let a request made at
 * once see the old time).
 */
function currentOffset() {
  try {
    return Number(fs.readFileSync(file, 'utf8')) || 0;
  } catch {
    return 0;
  }
}

class SettableDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(RealDate.now() + currentOffset());
    else super(...args);
  }

  static now() {
    return RealDate.now() + currentOffset();
  }
}

if (file) globalThis.Date = SettableDate;
