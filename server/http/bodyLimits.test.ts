import { describe, expect, it } from 'vitest';
import { rawJsonWithinLimits, withinJsonLimits } from './bodyLimits.js';

// docs/decisions.md#http-body-limits, finding 7: the key and depth caps decided from the raw text, before it is parsed.
describe('rawJsonWithinLimits', () => {
  const limits = { maxKeys: 5, maxDepth: 3 };
  const agree = (text: string) => {
    expect(rawJsonWithinLimits(text, limits), text).toBe(withinJsonLimits(JSON.parse(text), limits));
  };

  it('counts keys and array items as the walk over the parsed value does', () => {
    for (const text of [
      '{}',
      '[]',
      '{"a":1,"b":2,"c":3,"d":4,"e":5}',
      '{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6}',
      '[1,2,3,4,5]',
      '[1,2,3,4,5,6]',
      '[[],[],[]]',
      '{"a":[1,2],"b":{"c":3}}',
      '{"a":[1,2],"b":{"c":[4,5]}}',
      ' [ 1 , [ ] , { } ] ',
      '"just text"',
      '42',
    ])
      agree(text);
  });

  it('counts nesting as the walk does', () => {
    for (const text of ['[[[]]]', '[[[[]]]]', '{"a":{"b":{}}}', '{"a":{"b":{"c":{}}}}', '[{"a":[1]}]'])
      agree(text);
  });

  it('ignores braces, colons, commas and quotes inside strings, escapes included', () => {
    for (const text of [
      '{"a":"{{{{{[[[[[:,:,:,:,:,"}',
      '{"a:b,c":"x\\"y:z,{","b":"\\\\","c":"\\\\\\":,"}',
      '["\\\\",":",",","[","{"]',
      '{"\\"":"\\\\\\\\","\\u0022:":1}',
    ]) {
      agree(text);
      expect(rawJsonWithinLimits(text, limits), text).toBe(true);
    }
  });

  it('counts duplicate keys each time: never fewer than the parsed value holds', () => {
    const text = '{"a":1,"a":2,"a":3,"a":4,"a":5,"a":6}';
    expect(rawJsonWithinLimits(text, limits)).toBe(false);
  });

  it('stops at the first cap passed, whatever follows', () => {
    expect(rawJsonWithinLimits(`[1,2,3,4,5,6,${'x'.repeat(10)}`, limits)).toBe(false);
    expect(rawJsonWithinLimits(`[[[[${'"'.repeat(3)}`, limits)).toBe(false);
  });

  it('leaves text that is not JSON to the parser', () => {
    expect(rawJsonWithinLimits('{"a":"never closed', limits)).toBe(true);
    expect(rawJsonWithinLimits('}}]]', limits)).toBe(true);
  });
});
