import sanitizeHtml from 'sanitize-html';

/** Hosts whose players may be embedded in help videos. */
export const VIDEO_HOSTS = [
  'www.youtube.com',
  'youtube.com',
  'www.youtube-nocookie.com',
  'player.vimeo.com',
  'vimeo.com',
  'fast.wistia.net',
  'player.wistia.com',
];

const richText: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'blockquote',
    'pre',
    'code',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'span',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  // Images are uploaded as embedded data (docs/product.md#limits), so data: is allowed for img only.
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  transformTags: {
    // Links that open elsewhere must not hand the new page a handle on ours.
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

/**
 * Rich HTML written by administrators (section descriptions, help content): an allow-list of tags and
 * attributes; scripts, event handlers, styles and javascript: links never survive.
 */
export function sanitizeRichHtml(html: string | null | undefined): string | null {
  if (html == null) return null;
  const clean = sanitizeHtml(html, richText).trim();
  return clean === '' || clean === '<p></p>' ? null : clean;
}

const video: sanitizeHtml.IOptions = {
  allowedTags: ['iframe'],
  allowedAttributes: {
    iframe: ['src', 'width', 'height', 'title', 'allow', 'allowfullscreen', 'frameborder'],
  },
  allowedSchemes: ['https'],
  allowedIframeHostnames: VIDEO_HOSTS,
  allowIframeRelativeUrls: false,
};

/**
 * A help video: an embed code whose iframe comes from an allowed video host, or a plain https URL of
 * one. Anything else is dropped (answered as no video).
 */
export function sanitizeVideo(text: string | null | undefined): string | null {
  const value = text?.trim();
  if (!value) return null;
  if (!value.startsWith('<')) {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' && VIDEO_HOSTS.includes(url.hostname) ? url.toString() : null;
    } catch {
      return null;
    }
  }
  const clean = sanitizeHtml(value, video).trim();
  return /<iframe\s[^>]*src="https:\/\//.test(clean) ? clean : null;
}
