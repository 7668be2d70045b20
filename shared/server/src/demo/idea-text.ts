// Deterministic idea texts for the demo site and the tests, written the way people ask for a
// product on forums: a need in the title, the workflow that hurts, what would help, sometimes
// what they would pay. Varied enough that categories, keywords and scores differ from page to
// page, and the same index always gives the same text.

const AUDIENCES = [
  'freelancers',
  'small businesses',
  'dentists',
  'teachers',
  'landlords',
  'remote teams',
  'podcasters',
  'indie developers',
  'restaurant owners',
  'personal trainers',
  'real estate agents',
  'nonprofits',
  'students',
  'agencies',
  'online sellers',
  'parents',
];

/** The workflow that hurts (as a gerund), its category slug, and what a tool for it would do. */
const PROBLEMS = [
  ['reconciling invoices and tracking expenses', 'fintech', 'matches every invoice to its bank payment'],
  ['scheduling appointments and reminders', 'productivity', 'lets clients book a slot and sends the reminders'],
  ['finding reliable contractors', 'community', 'shows which contractors actually finish on time'],
  ['writing SEO blog posts', 'marketing', 'drafts the outline and keywords for each post'],
  ['monitoring their servers and deploys', 'developer-tools', 'pings them when a deploy breaks the API'],
  ['planning healthy meals', 'food', 'plans the week from what is already in the fridge'],
  ['tracking workouts and progress', 'health', 'logs each workout and charts the progress'],
  ['hiring and screening candidates', 'hr', 'sorts resumes by the skills the job needs'],
  ['managing rental properties and tenants', 'real-estate', 'keeps every tenant repair request in one list'],
  [
    'keeping customer data secure and compliant with GDPR',
    'security',
    'finds personal data in their files and flags what breaks GDPR',
  ],
  ['turning spreadsheets into dashboards', 'data-analytics', 'turns a spreadsheet into a dashboard with no setup'],
  ['editing podcast audio', 'media', 'cuts the silences and levels the podcast audio'],
  ['tutoring kids in math', 'education', 'gives each kid math exercises at the right level'],
  ['reducing food waste in kitchens', 'sustainability', 'tracks what the kitchen throws away and why'],
  ['selling handmade goods online', 'ecommerce', 'lists handmade goods on every shop at once'],
  ['answering repetitive support emails', 'ai-ml', 'drafts answers to the repetitive support emails with AI'],
] as const;

/** Title shapes, each the way a real request opens. */
const TITLES: ((audience: string, tool: string) => string)[] = [
  (a, t) => `Is there a tool that ${t} for ${a}?`,
  (a, t) => `Someone should build a tool that ${t} for ${a}`,
  (a, t) => `It would be great to have a service that ${t} for ${a}`,
  (a, t) => `Looking for a tool that ${t} for ${a}`,
];

const WHAT_WOULD_HELP = [
  'It would be great if there was a simple app that did this automatically.',
  'There should be a browser extension that does it in one click.',
  'There should be a marketplace that connects them with vetted experts.',
  'Something that integrates with the tools they already use would be perfect.',
  'It would be nice if a small subscription service handled all of it.',
  'I wish there was at least a shared template for it.',
];

const WILLINGNESS = [
  'I would happily pay a monthly subscription for this.',
  'Everyone I asked in my network said they would pay for it.',
  'The tools that exist are expensive and built for big companies, so small teams do it by hand.',
  'I have looked for months and found nothing that does this well.',
  'People ask for this in forums every week and nobody offers it.',
  'I would pay $20 a month without thinking twice.',
];

export interface DemoIdea {
  title: string;
  body: string;
  category: string;
}

export function demoIdea(n: number): DemoIdea {
  // Independent cycles, so 256 audience/problem pairs before a title repeats.
  const audience = AUDIENCES[n % AUDIENCES.length]!;
  const [problem, category, tool] = PROBLEMS[Math.floor(n / AUDIENCES.length) % PROBLEMS.length]!;
  const title = TITLES[(n + Math.floor(n / 5)) % TITLES.length]!(audience, tool);
  const help = WHAT_WOULD_HELP[(n * 5 + Math.floor(n / 3)) % WHAT_WOULD_HELP.length]!;
  const willingness = WILLINGNESS[(n * 3 + Math.floor(n / 7)) % WILLINGNESS.length]!;
  // Four tiers of conviction, so scores spread the way real posts do.
  const tier = n % 4;
  const paragraphs = [
    tier === 2
      ? `I keep thinking about ${problem} for ${audience}.`
      : `Every week ${audience} spend hours ${problem} by hand. It is tedious and easy to get wrong.`,
    help,
    ...(tier === 0 || tier === 3 ? [willingness] : []),
    ...(tier === 1 ? ['Not sure anyone would pay for it, but I wish it existed.'] : []),
  ];
  return { title, body: paragraphs.join('\n\n'), category };
}
