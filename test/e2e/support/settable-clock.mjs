/**
 * Loaded before the server (`--import`) by the browser tests' clock server
 * (playwright.config.ts): its Date runs at the real time plus the offset, in
 * milliseconds, written in E2E_CLOCK_FILE, so that a test can take the server
 * to just before and after the site's midnight. Test code only: the server
 * itself has no way to change its clock.
 */
import fs from 'node:fs';

const file = process.env.E2E_CLOCK_FILE;
const RealDate = Date;
let offset = 0;
let readAt = -Infinity;

function currentOffset() {
  const now = RealDate.now();
  // Read at most every 20 ms: the server asks the time on every request.
  if (now - readAt > 20) {
    readAt = now;
    try {
      offset = Number(fs.readFileSync(file, 'utf8')) || 0;
    } catch {
      offset = 0;
    }
  }
  return offset;
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
