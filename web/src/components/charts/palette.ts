/**
 * Series colours for bar and line charts: the theme's steel, teal and amber first, then colours that
 * stay apart from each other for most kinds of colour blindness (Okabe-Ito). Charts never rely on
 * colour alone: each has a legend and a table of the same figures beside it.
 */
export const seriesColours = [
  'rgb(44, 74, 110)',
  'rgb(35, 128, 122)',
  'rgb(224, 165, 38)',
  'rgb(204, 121, 167)',
  'rgb(86, 180, 233)',
  'rgb(213, 94, 0)',
  'rgb(0, 158, 115)',
  'rgb(120, 94, 240)',
  'rgb(90, 104, 120)',
];

export const seriesColour = (index: number) => seriesColours[index % seriesColours.length]!;
