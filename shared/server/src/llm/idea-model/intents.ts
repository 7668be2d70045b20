// What a post is for, read from its wording: does it ask for a tool, describe a painful
// workflow, propose a product, say it would pay; or is it hiring, offering work, promoting the
// poster's own launch, news, a plain question, a bug report or a rant. Each detector is a set of
// phrases matched on word boundaries (never inside another word: "app" is not in "crappy"), and
// each is one feature of the idea model, which learns from the data how much it counts.

export const INTENTS = {
  asks_for_tool: [
    /\bis there (?:an?|any|some) (?:apps?|application|tool|program|software|site|website|service|extension|plugin|add-?on|way)\b/,
    /\b(?:looking|searching|search) for (?:an?|any|some) (?:apps?|application|tool|program|software|site|website|service|extension|plugin|add-?on)\b/,
    /\b(?:recommend|suggest) (?:an?|any|some) (?:apps?|application|tool|program|software|site|website|service)\b/,
    /\bdoes (?:anyone|anybody) know (?:of )?(?:an?|any)\b/,
    /\bany (?:apps?|tools?|software|programs?|services?) (?:that|which|to|for)\b/,
    /\b(?:app|tool|software) recommendations?\b/,
  ],
  proposes: [
    /\b(?:somebody|someone|anyone) (?:should|needs? to|please|make|build|create)\b/,
    /\bthere (?:should|needs to) be\b/,
    /\bwould(?:n'?t| not)? it be (?:nice|great|cool|awesome|useful)\b/,
    /\bit would be (?:nice|great|cool|awesome|useful|helpful) (?:if|to)\b/,
    /\b(?:please|pls) (?:add|make|let|allow|support)\b/,
    /\bfeature request\b/,
    /\bi wish (?:there|i could|i had|someone|it|they|you)\b/,
    /\bwhy (?:is there no|isn'?t there|doesn'?t anyone)\b/,
    /\b(?:an? )?(?:app|website|site|service|tool|device|product|plugin|extension) (?:that|which|where|to) (?:would|could|lets?|tells?|shows?|finds?|tracks?|automatically)\b/,
    /\b(?:add|allow|support|option to|ability to)\b/,
  ],
  pitches: [
    /\b(?:the|my|an?|our) (?:product |business |startup |app )?idea (?:is|would be|:)/,
    /\b(?:idea|concept|pitch) for (?:an?|the)\b/,
    /\b(?:an?|the) (?:simple |small |cheap |mobile |web |online )?(?:saas|app|tool|service|platform|marketplace|website|browser extension|api|plugin|device|subscription) (?:that|which|where|to|for|with)\b/,
    /\b(?:people|users|customers|businesses|teams|freelancers|owners) (?:would|will) (?:pay|use|love|want)\b/,
    /\b(?:many|most|lots of|a lot of) (?:people|users|businesses|freelancers|owners|teams|\w+s) (?:struggle|hate|need|want|waste|spend)\b/,
  ],
  painful_workflow: [
    /\b(?:by hand|manually|copy and paste|copy-paste)\b/,
    /\bevery (?:day|week|month|morning|night|time|year)\b/,
    /\btakes? (?:me |us |them )?(?:hours|forever|ages|days|so long)\b/,
    /\b(?:tedious|time[- ]consuming|painful|nightmare|frustrat(?:ing|ed)|waste of time|hassle)\b/,
    /\b(?:spreadsheets?|excel|invoices?|paperwork|clients?|customers?|employees?|tenants?)\b/,
    /\b(?:keep track|keeping track|track of|struggl(?:e|ing))\b/,
  ],
  would_pay: [
    /\b(?:i'?d|i would|we'?d|we would|would happily|would gladly|willing to) (?:gladly |happily |definitely )?pay\b/,
    /\btake my money\b/,
    /\b(?:pay|paying) (?:for|good money|a subscription|monthly)\b/,
    /\b(?:subscription|per month|a month|monthly fee)\b/,
  ],
  // Willingness to pay in the first person ("I'd happily pay", "I would totally buy one", "take my
  // money"). would_pay above also reads any talk of payment ("a month", "pay for"), which in real
  // posts is mostly salaries, rent and fees: 11 ideas and 73 noise posts among the development posts,
  // so it learns nothing; this narrower reading fires on 7 ideas and 10 noise.
  offers_to_pay: [
    /\b(?:i'?d|i would|we'?d|we would|i will|i'?ll|would (?:happily|gladly|definitely|totally)|willing to|happy to|gladly|happily) (?:gladly |happily |definitely |totally |even |also )?(?:pay|buy)\b/,
    /\btake my money\b/,
  ],
  hiring: [
    /\[\s*hiring\s*\]/,
    /\b(?:we are|we're|i am|i'm|currently) (?:hiring|looking to hire)\b/,
    /\blooking (?:to hire|for an? (?:developer|designer|programmer|artist|writer|freelancer|composer|animator|coder|modeler|partner|co-?founder))\b/,
    /\b(?:job|position|role) (?:opening|available|offer)\b/,
    /\b(?:compensation|salary|rev(?:enue)?[- ]share|paid (?:position|gig|project|work)|per hour|\/hr|an hour)\b/,
    /\bwho(?: is|'s) hiring\b/,
  ],
  for_hire: [
    /\[\s*for hire\s*\]/,
    /\bfor hire\b/,
    /\bhire me\b/,
    /\bmy (?:portfolio|rates?|services)\b/,
    /\bavailable for (?:work|hire|freelance|projects?|commissions?)\b/,
    /\bwho wants to be hired\b/,
  ],
  launch: [
    /\b(?:i|we) (?:just )?(?:made|built|created|developed|launched|released|wrote|designed|started)\b/,
    /\bcheck (?:it |this |them )?out\b/,
    /\b(?:my|our) (?:new |first )?(?:app|website|site|blog|startup|game|product|channel|book|podcast|company|business|service|tool)\b/,
    /\b(?:launch(?:ed|ing)?|just released|beta|giveaway|promo code|discount code|free trial|download it)\b/,
    /\bfeedback (?:on|for|about) (?:my|our)\b/,
    // Hacker News marks a launch in the title; no labelled post comes from there, so the
    // convention is written down rather than learnt.
    /\bshow hn\b/,
  ],
  // News wording only: a link counts when the post is little more than the link (features.ts), not
  // wherever one turns up (a proposal that names a product like it, a feed's "Comments URL"
  // footer); and not "report", which a feature request uses as often as news does.
  news_or_link: [/\b(?:announced?|acquires?|acquired|according to|press release)\b/],
  question: [
    /\bhow (?:do|can|should|would) (?:i|you|we)\b/,
    /\bwhat (?:is|are|'s) the best\b/,
    /\bshould i\b/,
    /\bany (?:advice|tips|suggestions|help|thoughts)\b/,
    /\b(?:eli5|help me|need help|question)\b/,
  ],
  bug: [
    /\b(?:crash(?:es|ed|ing)?|bugs?|buggy|glitch(?:es)?|freez(?:es|ing)|error|not working|doesn'?t work|won'?t (?:load|open|work|start))\b/,
    /\b(?:since the (?:last |latest )?update|after (?:the|updating))\b/,
  ],
  rant: [/\b(?:rant|i hate|sick of|fed up|worst|stupid|pissed|ugh|wtf)\b/],
} as const satisfies Record<string, readonly RegExp[]>;

export type Intent = keyof typeof INTENTS;
export const INTENT_NAMES = Object.keys(INTENTS) as Intent[];

/** The intents the labelling guide names as what makes a post an idea (they count only for one). */
export const NEED_INTENTS: readonly Intent[] = [
  'asks_for_tool',
  'proposes',
  'pitches',
  'painful_workflow',
  'would_pay',
  'offers_to_pay',
];

export const isNeedIntent = (name: string): name is (typeof NEED_INTENTS)[number] =>
  (NEED_INTENTS as readonly string[]).includes(name);

/** The intents the guide names as noise (they count only against), each as a task's drop reason. */
export const NOISE_INTENT_REASONS = {
  hiring: 'hiring post',
  for_hire: 'offering work (for hire)',
  launch: 'launch or self-promotion',
  news_or_link: 'news or a link',
  question: 'a question with no product need',
  bug: 'a bug report',
  rant: 'a rant with no need stated',
} as const satisfies Partial<Record<Intent, string>>;
export type NoiseIntent = keyof typeof NOISE_INTENT_REASONS;
export const isNoiseIntent = (name: string): name is NoiseIntent => Object.hasOwn(NOISE_INTENT_REASONS, name);

/** The intents one sentence (or a title) shows. */
export function intentsOf(text: string): Intent[] {
  const lower = text.toLowerCase().replace(/’/g, "'");
  return INTENT_NAMES.filter((name) => INTENTS[name].some((re) => re.test(lower)));
}
