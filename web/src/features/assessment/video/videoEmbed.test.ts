import { describe, expect, it } from 'vitest';
import { videoEmbedUrl } from './videoEmbed';

const hosts = ['www.youtube-nocookie.com', 'player.vimeo.com'];

describe('video embeds', () => {
  it('takes an https URL or the src of iframe HTML from an allowed host', () => {
    expect(videoEmbedUrl('https://player.vimeo.com/video/1', hosts)).toBe('https://player.vimeo.com/video/1');
    expect(
      videoEmbedUrl(
        '<iframe src="https://www.youtube-nocookie.com/embed/abc?rel=0&amp;x=1"></iframe>',
        hosts,
      ),
    ).toBe('https://www.youtube-nocookie.com/embed/abc?rel=0&x=1');
  });

  it('shows nothing for other hosts, plain http, credentials or junk', () => {
    for (const raw of [
      null,
      '',
      'https://evil.example/embed/1',
      'http://player.vimeo.com/video/1',
      'https://user:pw@player.vimeo.com/video/1',
      'javascript:alert(1)',
      '<iframe></iframe>',
      'not a url',
    ]) {
      expect(videoEmbedUrl(raw, hosts)).toBeNull();
    }
  });
});
