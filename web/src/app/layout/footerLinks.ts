/**
 * Footer columns (SPEC.md section 2: Resources and Information). The product has no content pages
 * for these yet, so they are in-page anchors the content team can point elsewhere later.
 */
export const footerColumns = [
  {
    title: 'Resources',
    links: [
      { label: 'About the SM Roadmap', href: '#about' },
      { label: 'Smart Manufacturing Practices', href: '#practices' },
      { label: 'Help', href: '#help' },
    ],
  },
  {
    title: 'Information',
    links: [
      { label: 'Privacy', href: '#privacy' },
      { label: 'Terms of Use', href: '#terms' },
      { label: 'Contact Us', href: '#contact' },
    ],
  },
] as const;
