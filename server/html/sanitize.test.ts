import { describe, expect, it } from 'vitest';
import { sanitizeRichHtml, sanitizeVideo } from './sanitize.js';

describe('rich HTML from administrators', () => {
  it('keeps headings, lists, links, emphasis and embedded images', () => {
    const html =
      '<h2>Title</h2><p><strong>Bold</strong> and <em>it</em> <a href="https://x.org">link</a></p><ul><li>a</li></ul><img src="data:image/png;base64,iVBORw0KGgo=" alt="chart">';
    expect(sanitizeRichHtml(html)).toBe(html.replace('alt="chart">', 'alt="chart" />'));
  });

  it('never lets a script, an event handler or a javascript: link through', () => {
    const out = sanitizeRichHtml(
      '<p onclick="steal()">Hi<script>alert(1)</script></p><a href="javascript:alert(1)">x</a><img src=x onerror="alert(1)"><iframe src="https://evil.example"></iframe><p style="position:fixed">s</p>',
    );
    expect(out).not.toMatch(/script|onclick|onerror|javascript:|iframe|style=/i);
    expect(out).toContain('<p>Hi</p>');
  });

  it('adds rel=noopener to links opening a new window, and empties to null', () => {
    expect(sanitizeRichHtml('<a href="https://x.org" target="_blank">x</a>')).toContain(
      'rel="noopener noreferrer"',
    );
    expect(sanitizeRichHtml('<p></p>')).toBeNull();
    expect(sanitizeRichHtml('   ')).toBeNull();
  });
});

describe('help videos', () => {
  it('accepts embeds and URLs from allowed video hosts only', () => {
    const yt = '<iframe src="https://www.youtube.com/embed/abc123" title="Intro" allowfullscreen></iframe>';
    expect(sanitizeVideo(yt)).toContain('src="https://www.youtube.com/embed/abc123"');
    expect(sanitizeVideo('https://player.vimeo.com/video/123')).toBe('https://player.vimeo.com/video/123');
    expect(sanitizeVideo('<iframe src="https://evil.example/embed"></iframe>')).toBeNull();
    expect(
      sanitizeVideo(
        '<iframe src="https://www.youtube.com/embed/x" onload="alert(1)"></iframe><script>x</script>',
      ),
    ).not.toMatch(/onload|script/);
    expect(sanitizeVideo('javascript:alert(1)')).toBeNull();
    expect(sanitizeVideo('http://www.youtube.com/embed/x')).toBeNull();
  });
});
