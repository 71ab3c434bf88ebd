import { jsonNestsTooDeep } from './json-nesting';
import { JSON_MAX_DEPTH } from './limits';

const arrays = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const objects = (levels: number) => `${'{"a":'.repeat(levels - 1)}{}${'}'.repeat(levels - 1)}`;

describe('jsonNestsTooDeep', () => {
  it('allows 32 levels of arrays or objects and refuses 33', () => {
    expect(JSON_MAX_DEPTH).toBe(32);
    expect(jsonNestsTooDeep(arrays(32))).toBe(false);
    expect(jsonNestsTooDeep(arrays(33))).toBe(true);
    expect(jsonNestsTooDeep(objects(32))).toBe(false);
    expect(jsonNestsTooDeep(objects(33))).toBe(true);
  });

  it('counts arrays and objects together, and only the deepest branch', () => {
    const mixed = (levels: number) => `${'{"a":['.repeat(levels / 2)}1${']}'.repeat(levels / 2)}`;
    expect(jsonNestsTooDeep(mixed(32))).toBe(false);
    expect(jsonNestsTooDeep(mixed(34))).toBe(true);
    // Many siblings of little depth are no deep nesting.
    expect(jsonNestsTooDeep(`[${Array.from({ length: 1000 }, () => arrays(30)).join(',')}]`)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(jsonNestsTooDeep(JSON.stringify({ text: '['.repeat(100) }))).toBe(false);
    expect(jsonNestsTooDeep(JSON.stringify({ text: `"\\${'{'.repeat(100)}` }))).toBe(false);
    expect(jsonNestsTooDeep(`["\\"", ${arrays(32)}]`)).toBe(true);
  });

  it('takes another limit, and judges a text that is not JSON by its brackets', () => {
    expect(jsonNestsTooDeep(arrays(3), 2)).toBe(true);
    expect(jsonNestsTooDeep('no es JSON')).toBe(false);
    expect(jsonNestsTooDeep('['.repeat(33))).toBe(true);
  });

  it('reads a million levels without parsing them', () => {
    expect(jsonNestsTooDeep(arrays(1_000_000))).toBe(true);
  });
});
