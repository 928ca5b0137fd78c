import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  RESULT_BODY_LIMIT,
  rawJsonWithinLimits,
  registerJsonParser,
  TOO_COMPLEX,
  withinJsonLimits,
} from './bodyLimits.js';
import { HttpError } from './envelope.js';
import { escapedJsonText } from './jsonBody.js';

// docs/decisions.md#performance-json-body-text: a large body with characters outside ASCII is read from
// a narrow text of \uXXXX escapes; it must parse to exactly what the plain UTF-8 text parses to.

/** Printable ASCII of `length`, no quote or backslash: padding that takes a body past the threshold. */
const padding = (length: number) => 'lorem ipsum dolor '.repeat(Math.ceil(length / 18)).slice(0, length);

/** Byte sequences a client may send inside a string: valid characters of each width, and invalid UTF-8. */
const pieces: number[][] = [
  [...Buffer.from('é')],
  [...Buffer.from('’')], // the curly apostrophe of pasted rich text
  [...Buffer.from('中文')],
  [...Buffer.from('😀')], // a surrogate pair once decoded
  [0xff],
  [0xc3], // a lead byte without its continuation
  [0xe2, 0x80], // a truncated three-byte sequence
  [0x80], // a lone continuation byte
  [0xc0, 0xaf], // an overlong '/'
  [0xed, 0xa0, 0x80], // an encoded surrogate
  [0xf4, 0x90, 0x80, 0x80], // beyond U+10FFFF
  [0xef, 0xbb, 0xbf], // a BOM inside a string
];

/** A pseudo-random generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % n;
  };
}

/** A JSON body over the threshold whose strings and keys hold `pieces` at random places. */
function bodyWith(seed: number): Buffer {
  const pick = random(seed);
  const text = (): Buffer => {
    const parts: Buffer[] = [];
    for (let i = pick(4); i >= 0; i--) {
      parts.push(Buffer.from(padding(pick(40))));
      // An ASCII run between two pieces, or none: runs of several pieces decode as one.
      parts.push(Buffer.from(pieces[pick(pieces.length)] as number[]));
    }
    return Buffer.concat(parts);
  };
  const parts: Buffer[] = [Buffer.from(`{"padding":"${padding(33_000)}","items":[`)];
  for (let i = 0; i < 40; i++) {
    if (i > 0) parts.push(Buffer.from(','));
    parts.push(Buffer.from('{"'), text(), Buffer.from('":"'), text(), Buffer.from(`","n":${i}}`));
  }
  parts.push(Buffer.from(']}'));
  return Buffer.concat(parts);
}

const parsedPlainly = (bytes: Buffer) => JSON.parse(bytes.toString('utf8'));

describe('escapedJsonText', () => {
  it('parses to the very value of the plain text, for every kind of character and invalid byte', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const bytes = bodyWith(seed);
      const escaped = escapedJsonText(bytes);
      expect(escaped, `seed ${seed}`).toBeDefined();
      expect(JSON.parse(escaped as string), `seed ${seed}`).toEqual(parsedPlainly(bytes));
    }
  });

  it('finds a run of characters wherever it falls against the blocks passed over as ASCII', () => {
    for (let at = 34_800; at < 34_830; at++)
      for (const run of ['’', 'é中😀', `’${padding(2_050)}’`]) {
        const bytes = Buffer.from(`{"a":"${padding(at - 6)}${run}${padding(2_100)}é"}`);
        expect(JSON.parse(escapedJsonText(bytes) as string), `${at}`).toEqual(parsedPlainly(bytes));
      }
  });

  it('is one narrow string, and counts the same keys and depth as the plain text', () => {
    const bytes = bodyWith(7);
    const escaped = escapedJsonText(bytes) as string;
    expect(/^[\x20-\x7e]*$/.test(escaped)).toBe(true);
    const limits = { maxKeys: 100, maxDepth: 3 };
    expect(rawJsonWithinLimits(escaped, limits)).toBe(rawJsonWithinLimits(bytes.toString('utf8'), limits));
    expect(rawJsonWithinLimits(escaped, { maxKeys: 120, maxDepth: 2 })).toBe(false);
  });

  it('leaves small, ASCII and mostly non-ASCII bodies to the plain decoding', () => {
    expect(escapedJsonText(Buffer.from('{"a":"’"}'))).toBeUndefined();
    expect(escapedJsonText(Buffer.from(`{"a":"${padding(40_000)}"}`))).toBeUndefined();
    expect(escapedJsonText(Buffer.from(`{"a":"${'中'.repeat(20_000)}"}`))).toBeUndefined();
  });

  it('leaves a body with a character right after a backslash to the plain decoding', () => {
    // "\’" is an invalid escape; written "\\u2019" it would parse, as a backslash and text.
    const bytes = Buffer.from(`{"a":"${padding(40_000)}","b":"\\’"}`);
    expect(escapedJsonText(bytes)).toBeUndefined();
    expect(() => parsedPlainly(bytes)).toThrow();
  });

  it('gives a text the parser refuses where the plain text is refused: characters outside strings', () => {
    for (const outside of ['{"a":"x"}’', '{"a":1’}', '{’"a":1}', '[1,’2]', '’{"a":1}']) {
      const bytes = Buffer.from(
        outside.replace('{', `{"p":"${padding(40_000)}",`).replace('[', `["${padding(40_000)}",`),
      );
      expect(() => parsedPlainly(bytes), outside).toThrow();
      expect(() => JSON.parse(escapedJsonText(bytes) as string), outside).toThrow();
    }
  });
});

/** An app that answers the body it parsed, with the product's JSON parser or the plain one of before. */
async function echoApp(parser: 'product' | 'plain'): Promise<FastifyInstance> {
  const app = Fastify({ bodyLimit: RESULT_BODY_LIMIT });
  if (parser === 'product') registerJsonParser(app);
  else {
    const parse = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if (!rawJsonWithinLimits(body as string)) return done(new HttpError(400, TOO_COMPLEX), undefined);
      parse(request, body as string, (error, value) => {
        if (error) return done(error, undefined);
        if (!withinJsonLimits(value)) return done(new HttpError(400, TOO_COMPLEX), undefined);
        done(null, value);
      });
    });
  }
  app.post('/echo', async (request) => ({ body: request.body }));
  await app.ready();
  return app;
}

describe('the JSON body parser', () => {
  it('answers every large body with a character outside ASCII as the plain decoding did', async () => {
    const [product, plain] = await Promise.all([echoApp('product'), echoApp('plain')]);
    const pad = padding(40_000);
    const samples: (string | Buffer)[] = [
      `{"a":"${pad}","b":"it’s 😀 中文"}`,
      `\ufeff{"a":"${pad}","b":"’"}`, // a BOM before the body
      `{"a":"${pad}","b":"’"`, // cut short
      `{"a":"${pad}","b":’}`, // outside a string
      `{"a":"${pad}","b":"\\’"}`, // an invalid escape
      `{"a":"${pad}","__proto__":{"x":"’"}}`,
      `{"a":"${pad}","constructor":{"prototype":{"x":"’"}}}`,
      `{"a":"${pad}","b":[${Array.from({ length: 10_001 }, () => '"’"').join(',')}]}`, // too many keys
      Buffer.concat([
        Buffer.from(`{"a":"${pad}","b":"`),
        Buffer.from([0xe2, 0x80, 0xff, 0xc3]),
        Buffer.from('"}'),
      ]),
      bodyWith(3),
      // Small bodies, which JSON.parse reads alone when secure-json-parse would answer the same.
      '',
      '\ufeff{"a":1}',
      '{"a":1,"a":{"b":2}}',
      '{"constructor":1,"b":{"constructor":"x"}}',
      '{"b":[{"constructor":{"prototype":{}}}]}',
      '{"b":{"constructor":{"x":1}}}',
      '{"b":[1,{"__proto__":null}]}',
      '{"\\u005f_proto__":{"x":1}}',
      `${'['.repeat(32)}${']'.repeat(32)}`,
      `{"a":${'['.repeat(31)}${']'.repeat(31)}}`,
      `[${Array.from({ length: 10_000 }, () => '0').join(',')}]`,
      `[${Array.from({ length: 10_001 }, () => '0').join(',')}]`,
      'null',
      '"text"',
    ];
    for (const sample of samples) {
      const send = (app: FastifyInstance) =>
        app.inject({
          method: 'POST',
          url: '/echo',
          headers: { 'content-type': 'application/json' },
          payload: sample,
        });
      const [ours, theirs] = await Promise.all([send(product), send(plain)]);
      const name = sample.toString().slice(40_000, 40_060);
      expect(ours.statusCode, name).toBe(theirs.statusCode);
      expect(ours.body, name).toBe(theirs.body);
    }
    await Promise.all([product.close(), plain.close()]);
  });
});
