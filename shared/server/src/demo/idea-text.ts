// Deterministic idea texts for the demo site and the tests: varied enough that categories,
// keywords and scores differ from page to page, and the same index always gives the same text.

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
const PROBLEMS = [
  ['reconciling invoices and tracking expenses', 'fintech', 'invoice'],
  ['scheduling appointments and reminders', 'productivity', 'calendar'],
  ['finding reliable contractors', 'community', 'marketplace'],
  ['writing SEO blog posts', 'marketing', 'content'],
  ['monitoring their servers and deploys', 'developer-tools', 'api'],
  ['planning healthy meals', 'food', 'recipe'],
  ['tracking workouts and progress', 'health', 'workout'],
  ['hiring and screening candidates', 'hr', 'resume'],
  ['managing rental properties and tenants', 'real-estate', 'tenant'],
  ['keeping customer data secure and compliant with GDPR', 'security', 'compliance'],
  ['turning spreadsheets into dashboards', 'data-analytics', 'dashboard'],
  ['editing podcast audio', 'media', 'podcast'],
  ['tutoring kids in math', 'education', 'course'],
  ['reducing food waste in kitchens', 'sustainability', 'waste'],
  ['selling handmade goods online', 'ecommerce', 'shop'],
  ['answering repetitive support emails', 'ai-ml', 'chatbot'],
] as const;
const SOLUTIONS = [
  'a simple SaaS tool with an AI assistant that automates the boring parts',
  'a browser extension that does it in one click',
  'a marketplace that connects them with vetted experts for a commission',
  'a mobile app with a freemium plan and a premium subscription',
  'an API and dashboard that integrates with the tools they already use',
  'a no-code template pack they can set up over a weekend',
];
const TRACTION = [
  'I built an MVP last month and 40 users signed up from the waitlist; 6 already pay $19 per month.',
  'Hundreds of people in forums ask for this every week, and nobody offers a cheap alternative.',
  'Existing tools are expensive, slow and built for enterprises, so small teams hate them.',
  'I interviewed 25 customers: most lose 5 hours a week and would pay for something faster.',
  'The market is growing quickly and current solutions are 10x more complicated than needed.',
  'It is a niche, but a loyal one, and recurring revenue looks realistic.',
];

export interface DemoIdea {
  title: string;
  body: string;
  category: string;
}

export function demoIdea(n: number): DemoIdea {
  // Independent cycles, so 256 audience/problem pairs before a title repeats.
  const audience = AUDIENCES[n % AUDIENCES.length]!;
  const [problem, category, noun] = PROBLEMS[Math.floor(n / AUDIENCES.length) % PROBLEMS.length]!;
  const solution = SOLUTIONS[(n * 5 + Math.floor(n / 3)) % SOLUTIONS.length]!;
  const traction = TRACTION[(n * 3 + Math.floor(n / 7)) % TRACTION.length]!;
  const title = `Idea #${n}: ${noun} helper for ${audience}`;
  // Four tiers of conviction, so scores spread the way real posts do.
  const tier = n % 4;
  const paragraphs = [
    tier === 2
      ? `Thinking about ${problem} for ${audience}.`
      : `Many ${audience} struggle with ${problem}. It is tedious, manual work and a real pain point: people waste hours on it every week.`,
    `The product idea is ${solution}.`,
    ...(tier === 0 || tier === 3 ? [traction] : []),
    ...(tier === 0
      ? [
          'Launching a first version would take a few weeks; the plan is a monthly subscription with a free trial, then integrations that make switching away hard.',
        ]
      : []),
    ...(tier === 1 ? ['Not sure yet how it would make money; maybe ads, maybe nothing.'] : []),
  ];
  const body = paragraphs.join('\n\n');
  return { title, body, category };
}
