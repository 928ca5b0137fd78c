// The part of `npm run demo` that makes the insights show real figures (docs/decisions.md#operations-demo-data):
// a showcase manufacturer with three role groups of three or more people and three closed progress
// rounds, and five benchmarked peers under a firm of their own, so that the showcase's champion and
// consultant see peer figures. Data and the pure rule that turns a level into answers; scripts/demo.ts
// writes them.

/** Practice-area levels (1 to 5) by section code; a section left out sits at the manufacturer's level. */
export type SectionLevels = Partial<Record<SectionCode, number>>;

export const sectionCodes = [
  'strategy-leadership',
  'workforce-culture',
  'operations-processes',
  'data-analytics',
  'technology-infrastructure',
  'supply-chain-ecosystem',
  'cybersecurity',
  'sustainability-energy',
] as const;
type SectionCode = (typeof sectionCodes)[number];

/** Levels in the order of sectionCodes. */
function levels(values: readonly number[]): SectionLevels {
  return Object.fromEntries(sectionCodes.map((code, i) => [code, values[i]!]));
}

/** Days before the run, as a stored timestamp: the demo's history ends today whenever it runs. */
export function daysAgo(days: number, now = Date.now()): string {
  return new Date(now - days * 86_400_000).toISOString();
}

/** A number in [0, 1) fixed by its keys: the same answers on every run, different per person and question. */
export function unit(...keys: number[]): number {
  let h = 2_166_136_261;
  for (const key of keys) {
    h = Math.imul(h ^ (key & 0xffff), 16_777_619);
    h = Math.imul(h ^ (key >>> 16), 16_777_619);
    h ^= h >>> 13;
  }
  h = Math.imul(h, 0x5bd1e995);
  h ^= h >>> 15;
  return (h >>> 0) / 4_294_967_296;
}

/**
 * The score (1 to 5) a person gives a question of a section they see at `level`: the level dithered by
 * a fixed offset in [-0.5, 0.5), so a section's average over its questions and people comes out near
 * its level while single answers differ.
 */
export function scoreFor(level: number, person: number, question: number, round: number): number {
  return Math.max(1, Math.min(5, Math.round(level + unit(person, question, round) - 0.5)));
}

/** Lookup codes of a manufacturer's demographics beyond its size (the benchmark keeps them). */
export type DemoDemographic = {
  industry: string;
  facilities: string;
  maturity: string;
  supplyChainRole: string;
};

export type DemoPerson = { userName: string; fullName: string; role: string; department: string };

/** A round of the current state: who answers (the people joined by then) and the levels they see. */
export type DemoRound = {
  answeredDaysAgo: number;
  closedDaysAgo: number;
  people: number;
  levels: SectionLevels;
};

export const showcaseFirm = 0; // Keystone, consultant1's firm: its consultant sees the peers too.

/**
 * The showcase: ten people in three role groups (aliases join roles into groups), three rounds with
 * the current state improving from round to round (Sustainability slips back in the last one), and a
 * future state well above it.
 */
export const showcase = {
  code: 'demo-mfr-granite',
  name: 'Granite Valley Fabrication',
  state: 'pa',
  status: 'FutureStateReporting',
  employees: 'emp-250-499',
  businessType: 'original-equipment-manufacturer',
  demographic: {
    industry: 'naics-332',
    facilities: 'fac-2-5',
    maturity: 'mature',
    supplyChainRole: 'tier-1-supplier',
  } satisfies DemoDemographic,
  statusChangedDaysAgo: 30,
  invitedDaysAgo: 430,
  aliases: {
    'executive-leadership': 'Leadership',
    finance: 'Leadership',
    'operations-plant-management': 'Operations',
    'production-shop-floor': 'Operations',
    maintenance: 'Operations',
    engineering: 'Engineering & Quality',
    quality: 'Engineering & Quality',
  } as Record<string, string>,
  /** The champion first; people after the round-1 count joined for round 2. */
  people: [
    {
      userName: 'champion4',
      fullName: 'Maya Okafor',
      role: 'executive-leadership',
      department: 'Leadership',
    },
    {
      userName: 'operator4',
      fullName: 'Greg Hollis',
      role: 'executive-leadership',
      department: 'Leadership',
    },
    { userName: 'operator5', fullName: 'Linda Marsh', role: 'finance', department: 'Finance' },
    {
      userName: 'operator6',
      fullName: 'Ray Dominguez',
      role: 'operations-plant-management',
      department: 'Plant 1',
    },
    {
      userName: 'operator7',
      fullName: 'Keisha Brooks',
      role: 'production-shop-floor',
      department: 'Plant 1',
    },
    { userName: 'operator8', fullName: 'Ana Souza', role: 'maintenance', department: 'Plant 1' },
    { userName: 'operator9', fullName: 'Ben Carter', role: 'engineering', department: 'Engineering' },
    { userName: 'operator10', fullName: 'Omar Haddad', role: 'quality', department: 'Quality' },
    {
      userName: 'operator11',
      fullName: 'Victor Petrov',
      role: 'production-shop-floor',
      department: 'Plant 2',
    },
    { userName: 'operator12', fullName: 'Mei Lin', role: 'engineering', department: 'Engineering' },
  ] satisfies DemoPerson[],
  rounds: [
    {
      answeredDaysAgo: 420,
      closedDaysAgo: 400,
      people: 8,
      levels: levels([2.4, 2.0, 2.5, 1.6, 1.9, 2.2, 1.5, 1.8]),
    },
    {
      answeredDaysAgo: 230,
      closedDaysAgo: 215,
      people: 10,
      levels: levels([2.9, 2.4, 3.1, 2.1, 2.3, 2.5, 1.9, 2.4]),
    },
    {
      answeredDaysAgo: 70,
      closedDaysAgo: 50,
      people: 10,
      levels: levels([3.3, 2.9, 3.6, 2.7, 2.8, 2.8, 2.2, 2.1]),
    },
  ] satisfies DemoRound[],
  future: { answeredDaysAgo: 40, levels: levels([4.4, 4.0, 4.5, 4.2, 4.0, 3.8, 3.6, 3.5]) },
  /** How each role group sees the sections beside the manufacturer's level: what Role Alignment shows. */
  groupBias: {
    Leadership: levels([0.6, 0.5, 0.2, 0.1, 0.2, 0.3, 0.2, 0.3]),
    Operations: levels([-0.5, -0.4, 0.1, -0.4, -0.3, -0.1, -0.2, -0.1]),
    'Engineering & Quality': levels([0, -0.1, 0, 0.4, 0.3, -0.2, 0.1, -0.2]),
  } as Record<string, SectionLevels>,
};

export const peerFirm = {
  code: 'demo-firm-prairie',
  name: 'Prairie Lean Advisors',
  state: 'ia',
  consultant: { userName: 'consultant3', fullName: 'Nora Lindqvist' },
};

/** A benchmarked peer: its people answered once, a round closed, and an administrator generated its benchmark. */
export type DemoPeer = {
  code: string;
  name: string;
  state: string;
  status: 'CurrentStateReporting' | 'FutureState' | 'FutureStateReporting';
  employees: string;
  businessType: string;
  demographic: DemoDemographic;
  current: number;
  /** Future-state level, for the peers past current-state reporting. */
  future?: number;
  answeredDaysAgo: number;
  people: DemoPerson[];
};

/** Five peers at different levels and stages; with the showcase, six manufacturers in the benchmark. */
export const peers: DemoPeer[] = [
  {
    code: 'demo-mfr-bluewater',
    name: 'Bluewater Marine Systems',
    state: 'mi',
    status: 'FutureState',
    employees: 'emp-500-999',
    businessType: 'original-equipment-manufacturer',
    demographic: { industry: 'naics-336', facilities: 'fac-2-5', maturity: 'mature', supplyChainRole: 'oem' },
    current: 2.5,
    future: 3.9,
    answeredDaysAgo: 120,
    people: [
      {
        userName: 'champion5',
        fullName: 'Hannah Weiss',
        role: 'executive-leadership',
        department: 'Leadership',
      },
      {
        userName: 'operator13',
        fullName: 'Luis Ortega',
        role: 'operations-plant-management',
        department: 'Assembly',
      },
      { userName: 'operator14', fullName: 'Grace Kim', role: 'engineering', department: 'Engineering' },
    ],
  },
  {
    code: 'demo-mfr-copperline',
    name: 'Copperline Electrical Products',
    state: 'tn',
    status: 'CurrentStateReporting',
    employees: 'emp-100-249',
    businessType: 'component-supplier',
    demographic: {
      industry: 'naics-335',
      facilities: 'fac-1',
      maturity: 'established',
      supplyChainRole: 'tier-2-supplier',
    },
    current: 1.6,
    answeredDaysAgo: 45,
    people: [
      {
        userName: 'champion6',
        fullName: 'Derek Mills',
        role: 'executive-leadership',
        department: 'Leadership',
      },
      { userName: 'operator15', fullName: 'Fatima Noor', role: 'quality', department: 'Quality' },
      {
        userName: 'operator16',
        fullName: 'Paul Jensen',
        role: 'production-shop-floor',
        department: 'Production',
      },
    ],
  },
  {
    code: 'demo-mfr-evergreen',
    name: 'Evergreen Packaging Co.',
    state: 'or',
    status: 'FutureStateReporting',
    employees: 'emp-1000-4999',
    businessType: 'process-manufacturing',
    demographic: {
      industry: 'naics-322',
      facilities: 'fac-6-10',
      maturity: 'mature',
      supplyChainRole: 'tier-1-supplier',
    },
    current: 3.7,
    future: 4.4,
    answeredDaysAgo: 200,
    people: [
      {
        userName: 'champion7',
        fullName: 'Sofia Brandt',
        role: 'operations-plant-management',
        department: 'Operations',
      },
      {
        userName: 'operator17',
        fullName: 'Kwame Asante',
        role: 'information-technology',
        department: 'IT',
      },
      {
        userName: 'operator18',
        fullName: 'Irene Walsh',
        role: 'supply-chain-logistics',
        department: 'Logistics',
      },
    ],
  },
  {
    code: 'demo-mfr-mesa',
    name: 'Mesa Ridge Castings',
    state: 'az',
    status: 'CurrentStateReporting',
    employees: 'emp-20-99',
    businessType: 'job-shop',
    demographic: {
      industry: 'naics-331',
      facilities: 'fac-1',
      maturity: 'growth',
      supplyChainRole: 'tier-2-supplier',
    },
    current: 3.0,
    answeredDaysAgo: 60,
    people: [
      {
        userName: 'champion8',
        fullName: 'Carlos Reyes',
        role: 'executive-leadership',
        department: 'Leadership',
      },
      { userName: 'operator19', fullName: 'Jenna Holt', role: 'maintenance', department: 'Foundry' },
      { userName: 'operator20', fullName: 'Arjun Mehta', role: 'engineering', department: 'Engineering' },
    ],
  },
  {
    code: 'demo-mfr-tidewater',
    name: 'Tidewater Beverage Company',
    state: 'va',
    status: 'FutureState',
    employees: 'emp-250-499',
    businessType: 'batch-manufacturing',
    demographic: {
      industry: 'naics-312',
      facilities: 'fac-2-5',
      maturity: 'established',
      supplyChainRole: 'oem',
    },
    current: 2.2,
    future: 3.6,
    answeredDaysAgo: 150,
    people: [
      {
        userName: 'champion9',
        fullName: 'Rachel Stone',
        role: 'executive-leadership',
        department: 'Leadership',
      },
      { userName: 'operator21', fullName: 'Emeka Obi', role: 'quality', department: 'Quality' },
      {
        userName: 'operator22',
        fullName: 'Lauren Price',
        role: 'production-shop-floor',
        department: 'Bottling',
      },
    ],
  },
];

/** A peer's own shape around its level: each manufacturer is stronger in some practice areas than in others. */
export function peerLevels(peerIndex: number, level: number): SectionLevels {
  return levels(sectionCodes.map((_, i) => level + (unit(peerIndex, i, 7) - 0.5) * 1.2));
}
