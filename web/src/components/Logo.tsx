/** The SM Roadmap mark: a road climbing through milestones. Same drawing as web/public/favicon.svg. */
export function Logo({ size = 36, title }: { size?: number; title?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 32 32"
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
    >
      {title ? <title>{title}</title> : null}
      <defs>
        <linearGradient id="smr-logo-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#2c4a6e" />
          <stop offset="1" stopColor="#16263b" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="7" fill="url(#smr-logo-bg)" stroke="rgba(255,255,255,.18)" />
      <path
        d="M7 24.5c5.5 0 4-8.5 9-8.5s3.5-8.5 9-8.5"
        fill="none"
        stroke="#e0a526"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <circle cx="7" cy="24.5" r="2.6" fill="#ffffff" />
      <circle cx="16" cy="16" r="2.6" fill="#5fc4bc" />
      <circle cx="25" cy="7.5" r="3.2" fill="#ffffff" stroke="#e0a526" strokeWidth="1.6" />
    </svg>
  );
}
