// The pages of 'Before You Get Started' (docs/product.md#screens, /intro/{assessmentCode}/{introCode}): all
// their texts, and the videos they may show, in one place so they can be edited without touching code.

/** The intro codes in order; the last, before-start, leads on to the assessment (docs/product.md#limits). */
export const introCodes = [
  'about',
  'definition',
  'value',
  'acceleration-framework',
  'current-state',
  'before-start',
] as const;
export type IntroCode = (typeof introCodes)[number];

export type IntroPageContent = {
  /** Short name in the step indicator. */
  label: string;
  heading: string;
  paragraphs: readonly string[];
  /** An optional list under the text, e.g. the stages of the program. */
  list?: { title: string; items: readonly string[]; ordered?: boolean };
};

/**
 * Hosts whose players may be embedded: https only, the same video services the section editor
 * accepts. A URL from any other host is not shown.
 */
export const INTRO_VIDEO_HOSTS: readonly string[] = [
  'www.youtube-nocookie.com',
  'www.youtube.com',
  'player.vimeo.com',
  'fast.wistia.net',
];

/**
 * The video of each intro page: an https embed URL (e.g. https://www.youtube-nocookie.com/embed/{id})
 * from one of INTRO_VIDEO_HOSTS. None are configured yet; a page without a video shows its text alone.
 */
export const introVideos: Partial<Record<IntroCode, string>> = {};

export const introPages: Record<IntroCode, IntroPageContent> = {
  about: {
    label: 'About',
    heading: 'About the SM Roadmap',
    paragraphs: [
      'The SM Roadmap is a program of the institute that helps manufacturers adopt smart-manufacturing business practices one step at a time. It starts with a candid look at how your organization works today, sets out where you want it to be, and turns the difference into a practical plan that you, your team and your coach can follow.',
      'The program is meant for small and mid-sized manufacturers as much as for large ones. It does not assume a particular technology, vendor or budget. It looks at practices: how decisions are made, how people work together, how data moves, and how equipment, suppliers and customers are connected.',
      'The next few pages explain what smart manufacturing means here, what a roadmap is worth, how the program is organized, and what to keep in mind while you answer. Each page takes a minute or two to read.',
    ],
  },
  definition: {
    label: 'Smart Manufacturing',
    heading: 'What Is Smart Manufacturing?',
    paragraphs: [
      'Smart manufacturing is the use of connected equipment, timely data and capable people to make better decisions faster: on the plant floor, across the business, and with suppliers and customers. Sensors, software and automation are part of it, but they are the means, not the goal.',
      'What sets a smart manufacturer apart is how it works. Problems are seen as they happen rather than at the end of the month, decisions rest on shared facts rather than opinion, an improvement made on one line is repeated on the others, and people are trained to use the tools they are given. A plant with modest technology and strong practices often outperforms one with advanced machines that nobody trusts or uses.',
      'That is why the assessment asks about business practices rather than about the equipment you own.',
    ],
    list: {
      title: 'The practice areas the assessment covers',
      items: [
        'Strategy and leadership',
        'Workforce and culture',
        'Operations and processes',
        'Data and analytics',
        'Technology and infrastructure',
        'Supply chain and ecosystem',
        'Cybersecurity',
        'Sustainability and energy',
      ],
    },
  },
  value: {
    label: 'Value',
    heading: 'Why a Roadmap Pays Off',
    paragraphs: [
      'Most manufacturers already have more improvement ideas than time or money. A roadmap helps you choose: it shows which practices hold the others back, which investments depend on each other, and which steps bring results soon enough to help pay for the next ones.',
      'Organizations that work from a shared roadmap avoid the common traps: buying software before the process it supports is stable, collecting data that nobody analyzes, or running pilots that never scale. Leaders, supervisors and operators see the same picture, so projects stop competing for attention and start adding up.',
      'Your results are also a baseline. When you take the assessment again later, you can show your leadership, your team and your customers how far you have come, in the same terms you started with.',
    ],
  },
  'acceleration-framework': {
    label: 'Framework',
    heading: 'The Acceleration Framework',
    paragraphs: [
      'The SM Roadmap moves through a short series of stages. In pre-assessment your organization joins the program and your champion invites the people who will answer. In the current-state stage each of them assesses how your practices work today, and the answers are brought together in a current-state report.',
      'In the future-state stage the same people describe where you aim to be in the next two to three years. The gap between the two, practice by practice and area by area, is what your roadmap is built from, and your coach helps you put the steps in a sensible order.',
      'Each stage builds on the one before it. A current-state assessment can therefore be retaken only until its report is being prepared, and a future-state assessment only until its report is final: a report must rest on answers that no longer change.',
    ],
    list: {
      title: 'The stages of the roadmap',
      ordered: true,
      items: [
        'Pre-assessment',
        'Current-state assessment',
        'Current-state report',
        'Future-state assessment',
        'Future-state report',
      ],
    },
  },
  'current-state': {
    label: 'Current State',
    heading: 'Assessing Your Current State',
    paragraphs: [
      'The current-state assessment asks how your organization works today: not how it ought to work, and not how it will work once a planned project is finished. The more candid your answers, the more useful your roadmap will be. Nobody is graded; the results are used to plan, not to judge.',
      'Each question describes one business practice at five levels, from informal and dependent on individual effort to improving continuously. Choose the level that is true for most of your operation; each level assumes the ones below it are already in place, so when you are torn between two, the lower one is usually the honest choice. If you cannot tell, choose Not sure: that answer is left out of your score.',
      'Your answers are scored for each practice area and overall on the same five-level scale. You see the results as soon as you submit, with the practices that scored lowest listed as the places to start.',
    ],
  },
  'before-start': {
    label: 'Before You Start',
    heading: 'Before You Start',
    paragraphs: [
      'The assessment takes most people 20 to 30 minutes. It is divided into sections, one page each; a progress bar shows where you are, and each section offers help that explains what its questions mean. Every question needs an answer before you move on, and Not sure is always an acceptable one.',
      'Your answers are saved as you go, so you can stop at any time and come back later, in this or another browser or device, to continue where you left off. They count only once you press Submit on the final page, where you can still go back and change any selection; until then they appear in no results or reports.',
    ],
  },
};

/** Shown on the last page to people who confirm their organization's details next. */
export const beforeGetStartedNote =
  'Next you will confirm a few details about your organization (its size, region, industries and place in the supply chain), so that your results can be compared with those of similar organizations.';

/** Shown on the last page of the trial's intro. */
export const trialNote =
  'The trial assessment asks the same questions as the current-state assessment, so you can see what the program covers and what your results will look like.';
