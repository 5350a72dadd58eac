import { createHash } from 'node:crypto';
import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CSP_DIRECTIVES, EMPTY_STYLE_HASH, inlineStylesOf, mediaOrigins, policyText, withHashes, withMediaOrigins } from './content-security-policy';

const hash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The Content-Security-Policy helmet writes for these directives. */
function helmetPolicy(): string {
  let policy = '';
  const res = { setHeader: (name: string, value: string) => void (name === 'Content-Security-Policy' && (policy = value)), removeHeader: () => undefined };
  helmet({ contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES } })({} as IncomingMessage, res as unknown as ServerResponse, () => undefined);
  return policy;
}

describe('the Content-Security-Policy', () => {
  it('is written as helmet writes it (a page with hashes and every other answer read the same way)', () => {
    expect(policyText(CSP_DIRECTIVES)).toBe(helmetPolicy());
  });

  it('allows nothing inline or evaluated, nothing by default, no <base>, no framing, and requires Trusted Types', () => {
    const policy = policyText(CSP_DIRECTIVES);
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|unsafe-hashes|strict-dynamic/);
    expect(policy.split(';')).toEqual(
      expect.arrayContaining(["default-src 'none'", "script-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "form-action 'self'", "require-trusted-types-for 'script'", 'trusted-types grouarock', 'report-uri /api/v1/csp-reports', 'report-to csp']),
    );
    expect(EMPTY_STYLE_HASH).toBe("'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='");
  });
});

describe('inlineStylesOf', () => {
  it("hashes each style element's text and each style attribute's value as the browser reads it, each once", () => {
    const html = `<html><head><style data-emotion="css 1x">.css-1x{color:red}</style><style>@font-face{font-family:"X"}</style></head>
      <body><span style="position:absolute;clip:rect(0, 0, 0, 0)">a</span><span class="b" style="position:absolute;clip:rect(0, 0, 0, 0)">b</span>
      <i style="font-family:&quot;X&quot;;content:&#x27;&amp;&#x27;"></i><p>style="color:red" in the text is no attribute</p><style data-emotion="css 1x">.css-1x{color:red}</style></body></html>`;
    expect(inlineStylesOf(html)).toEqual({
      elements: [hash('.css-1x{color:red}'), hash('@font-face{font-family:"X"}')],
      attributes: [hash('position:absolute;clip:rect(0, 0, 0, 0)'), hash(`font-family:"X";content:'&'`)],
    });
  });

  it('finds none in a page without inline styles (the app shell, index.html)', () => {
    expect(inlineStylesOf('<html><head><link rel="stylesheet" href="/assets/app.css"></head><body><div id="root"></div></body></html>')).toEqual({ elements: [], attributes: [] });
  });
});

describe('withHashes', () => {
  it("adds a page's hashes to style-src, with 'unsafe-hashes' only when it has style attributes", () => {
    expect(withHashes(CSP_DIRECTIVES, { elements: ["'sha256-a'"], attributes: [] }).styleSrc).toEqual(["'self'", EMPTY_STYLE_HASH, "'sha256-a'"]);
    expect(withHashes(CSP_DIRECTIVES, { elements: ["'sha256-a'"], attributes: ["'sha256-b'"] }).styleSrc).toEqual(["'self'", EMPTY_STYLE_HASH, "'unsafe-hashes'", "'sha256-a'", "'sha256-b'"]);
    expect(withHashes(CSP_DIRECTIVES, { elements: [], attributes: [] })).toBe(CSP_DIRECTIVES);
  });

  it('leaves every other directive as it is', () => {
    const { styleSrc: _page, ...rest } = withHashes(CSP_DIRECTIVES, { elements: ["'sha256-a'"], attributes: ["'sha256-b'"] });
    const { styleSrc: _common, ...common } = CSP_DIRECTIVES;
    expect(rest).toEqual(common);
  });
});

describe('mediaOrigins', () => {
  const s3 = { bucket: 'grouarock-media', region: 'eu-central-1', forcePathStyle: false };

  it('is none while the API streams every file itself', () => {
    expect(mediaOrigins({})).toEqual([]);
    expect(mediaOrigins({ s3 })).toEqual([]);
  });

  it("is MEDIA_PUBLIC_URL's origin, and the bucket's where its presigned URLs point", () => {
    expect(mediaOrigins({ publicUrl: 'https://cdn.grouarock.example/media' })).toEqual(['https://cdn.grouarock.example']);
    expect(mediaOrigins({ publicUrl: 'https://cdn.grouarock.example', s3 })).toEqual(['https://cdn.grouarock.example', 'https://grouarock-media.s3.eu-central-1.amazonaws.com']);
    expect(mediaOrigins({ publicUrl: 'http://localhost:9000/grouarock-media', s3: { ...s3, endpoint: 'http://localhost:9000', forcePathStyle: true } })).toEqual(['http://localhost:9000']);
    expect(mediaOrigins({ publicUrl: 'https://cdn.grouarock.example', s3: { ...s3, bucket: 'media.grouarock.example', endpoint: 'https://minio.example:9000' } })).toEqual(['https://cdn.grouarock.example', 'https://minio.example:9000']);
  });

  it("adds the origins of the operator's ad spots at ADS_URLS, which players fetch from where they are", () => {
    const ads = ['https://ads.example/spots/a.mp3', 'https://ads.example/spots/b.mp3', 'http://radio.example:8080/spot.ogg'];
    expect(mediaOrigins({}, ads)).toEqual(['https://ads.example', 'http://radio.example:8080']);
    expect(mediaOrigins({ publicUrl: 'https://cdn.grouarock.example' }, ads)).toEqual(['https://ads.example', 'http://radio.example:8080', 'https://cdn.grouarock.example']);
  });

  it('joins media-src and connect-src, nothing else', () => {
    const directives = withMediaOrigins(CSP_DIRECTIVES, ['https://cdn.grouarock.example']);
    expect(directives.mediaSrc).toEqual(["'self'", 'blob:', 'https://cdn.grouarock.example']);
    expect(directives.connectSrc).toEqual(["'self'", 'https://cdn.grouarock.example']);
    const { mediaSrc: _m, connectSrc: _c, ...rest } = directives;
    const { mediaSrc: _cm, connectSrc: _cc, ...common } = CSP_DIRECTIVES;
    expect(rest).toEqual(common);
    expect(withMediaOrigins(CSP_DIRECTIVES, [])).toBe(CSP_DIRECTIVES);
  });
});
