type Props = { html: string | null | undefined; className?: string; id?: string };

/**
 * Rich text written by administrators (section descriptions, help content). The server keeps only an
 * allow-list of tags and attributes when the content is saved (server/html/sanitize.ts), so what
 * arrives here has no scripts, event handlers or javascript: links.
 */
export function HtmlContent({ html, className, id }: Props) {
  if (!html?.trim()) return null;
  return (
    <div
      id={id}
      className={['smr-rich-text', className ?? ''].join(' ').trim()}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server on save (see above)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
