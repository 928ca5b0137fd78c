import { videoEmbedUrl } from './videoEmbed';

type Props = {
  /** An https URL or iframe HTML. */
  source: string | null | undefined;
  /** The hosts allowed for this video. */
  hosts: readonly string[];
  /** Names the player for assistive technology. */
  title: string;
};

/**
 * A 16:9 video player from an allowed host, with a plain link under it for people whose browser or
 * network blocks embedded players. Renders nothing for a missing or disallowed address.
 */
export function VideoEmbed({ source, hosts, title }: Props) {
  const url = videoEmbedUrl(source, hosts);
  if (!url) return null;
  return (
    <figure className="smr-video">
      <div className="ratio ratio-16x9">
        <iframe
          src={url}
          title={title}
          loading="lazy"
          referrerPolicy="strict-origin-when-cross-origin"
          allow="encrypted-media; picture-in-picture; fullscreen"
          sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
        />
      </div>
      <figcaption className="smr-video-caption">
        <a href={url} target="_blank" rel="noopener noreferrer">
          Open the video in a new tab
        </a>
      </figcaption>
    </figure>
  );
}
