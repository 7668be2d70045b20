// Posts written for the pre-filter's integration test, one per kind the model must tell apart,
// in the shapes the labelled sources show (see worker/quality/GUIDE.md): requests for a tool,
// proposals and feature requests that pass; hiring, for-hire, launch and news posts that do not;
// and bad input (no text, another language, leftover markup, a huge post) that must get a
// recorded outcome, never a crash.

export interface KnownPost {
  slug: string;
  title: string;
  body: string;
  /** What the pre-filter must do with it; for a drop, the words its reason must contain. */
  expect: { kept: true } | { kept: false; reason: string };
}

export const KNOWN_POSTS: KnownPost[] = [
  {
    slug: 'plant-watering',
    title: 'Is there an app that tells me which of my plants need water today?',
    body: 'I have thirty plants and forget which ones I watered. Every morning I check each pot by hand. I would pay a few dollars for an app that keeps track and reminds me.',
    expect: { kept: true },
  },
  {
    slug: 'contact-merge',
    title: 'Someone should make a tool that merges duplicate contacts across Gmail and Outlook',
    body: 'Every few months I spend an evening cleaning up duplicates by hand. It would be great if a small tool did it automatically and showed me what it changed.',
    expect: { kept: true },
  },
  {
    slug: 'workout-export',
    title: 'Feature request: please add a way to export my workout history',
    body: 'It would be nice if there was an option to export every workout as a spreadsheet, so I can see my progress over the year.',
    expect: { kept: true },
  },
  {
    slug: 'hiring',
    title: '[Hiring] React developer for a three month contract',
    body: 'We are hiring a React developer to build our customer portal. Remote, $60 an hour. Send your portfolio and rates.',
    expect: { kept: false, reason: 'not an idea' },
  },
  {
    slug: 'for-hire',
    title: '[For Hire] Logo and brand designer with ten years of experience',
    body: 'Available for freelance projects. My portfolio is on my website and my rates are fair. Hire me for your next brand.',
    expect: { kept: false, reason: 'not an idea' },
  },
  {
    slug: 'launch',
    title: 'I just launched my new budgeting app, check it out!',
    body: 'After a year of work we released our app today. Download it free for a month with the promo code LAUNCH.',
    expect: { kept: false, reason: 'not an idea' },
  },
  {
    slug: 'spanish',
    title: '¿Alguien conoce una aplicación para organizar facturas?',
    body: 'Tengo una pequeña empresa y pierdo horas cada semana ordenando las facturas a mano. Pagaría por una aplicación que lo hiciera sola.',
    expect: { kept: false, reason: 'not in English' },
  },
  {
    slug: 'markup',
    title: 'Would love a tool that turns my bank export into a monthly budget',
    body: '<div class="post"><p>Every month I copy and paste my bank export into a spreadsheet by hand.</p><script>track()</script><p>It would be great if a simple app built the budget for me. I would pay for it.</p></div>',
    expect: { kept: true },
  },
  {
    slug: 'huge',
    title: 'Is there a tool that finds which of my subscriptions I no longer use?',
    // About a megabyte: the need is stated first, then a list pasted in many times over.
    body: `It would be great if there was a tool that reads my bank statements and shows which subscriptions I have not used in months. I would happily pay for it. ${'Streaming, cloud storage, apps and news sites, renewed every month. '.repeat(15_000)}`,
    expect: { kept: true },
  },
];
