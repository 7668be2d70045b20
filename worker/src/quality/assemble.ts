import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readJsonl } from './jsonl';
import { POSTS_FILE, type Post } from './posts';
import { splitOf, type Split } from './split';

// `npm run quality:labels`: gathers the labellers' files (data/quality/labels/A-*.jsonl,
// B-*.jsonl and so on, one line per post of the slice of the same name) into worker/quality/labels.jsonl,
// the committed dataset: provenance, split, label, strength, sub-scores and reason for every post,
// without the post's text. Posts labelled twice keep their own labeller's label as the label and
// the other as `second`; agreement.json says how often the two agreed. Rows already in labels.jsonl
// stay as they are unless a labeller's file judges the post again, so a new round needs only its
// own labellers' files (earlier rounds' files are not kept).

const DATA = path.resolve(import.meta.dirname, '../../../data/quality');
export const LABELS_FILE = path.resolve(import.meta.dirname, '../../quality/labels.jsonl');
const AGREEMENT_FILE = path.resolve(import.meta.dirname, '../../quality/agreement.json');

export interface Judgement {
  label: 'idea' | 'noise';
  strength: 1 | 2 | 3 | null;
  severity: number | null;
  demand: number | null;
  monetization: number | null;
  implementation: number | null;
  reason: string;
}

export interface LabelledRow extends Judgement {
  id: string;
  source: string;
  genre: string;
  split: Split;
  provenance: Post['provenance'];
  second?: Pick<Judgement, 'label' | 'strength'>;
}

const FIRST_ROUND_HALF = 782;
/** Later rounds that read some posts twice: each slice ends with this many of the other labeller's posts. */
const SECOND_READ_TAIL: Record<string, number> = { G: 30, H: 30, I: 30, J: 30, K: 30, L: 30 };

function checked(raw: Record<string, unknown>, where: string): Judgement {
  const label = raw.label;
  if (label !== 'idea' && label !== 'noise') throw new Error(`${where}: label must be idea or noise`);
  const strength = raw.strength ?? null;
  if (label === 'idea' && ![1, 2, 3].includes(strength as number))
    throw new Error(`${where}: an idea needs strength 1-3`);
  const score = (k: string) => {
    const v = raw[k] ?? null;
    if (label === 'noise' || v === null) return null;
    if (typeof v !== 'number' || v < 0 || v > 10) throw new Error(`${where}: ${k} must be 0-10 or null`);
    return Math.round(v);
  };
  const reason = String(raw.reason ?? '').trim();
  if (!reason) throw new Error(`${where}: a reason is required`);
  return {
    label,
    strength: label === 'idea' ? (strength as 1 | 2 | 3) : null,
    severity: score('severity'),
    demand: score('demand'),
    monetization: score('monetization'),
    implementation: score('implementation'),
    reason,
  };
}

function judgementOf(row: LabelledRow): Judgement {
  const { label, strength, severity, demand, monetization, implementation, reason } = row;
  return { label, strength, severity, demand, monetization, implementation, reason };
}

/** Cohen's kappa of two raters over the same items. */
export function cohensKappa<T>(pairs: [T, T][]): number {
  const n = pairs.length;
  const agree = pairs.filter(([a, b]) => a === b).length / n;
  const values = [...new Set(pairs.flat())];
  const chance = values.reduce((sum, v) => {
    const pa = pairs.filter(([a]) => a === v).length / n;
    const pb = pairs.filter(([, b]) => b === v).length / n;
    return sum + pa * pb;
  }, 0);
  return chance === 1 ? 1 : (agree - chance) / (1 - chance);
}

function assemble(): void {
  const posts = readJsonl<Post>(POSTS_FILE);
  const committed = new Map(
    existsSync(LABELS_FILE) ? readJsonl<LabelledRow>(LABELS_FILE).map((r) => [r.id, r] as const) : [],
  );
  const own = new Map<string, Judgement>();
  const other = new Map<string, Judgement>();
  const files = readdirSync(path.join(DATA, 'labels')).filter((f) => /^[A-Z]-\d+\.jsonl$/.test(f));
  for (const labeller of [...new Set(files.map((f) => f[0]!))].sort()) {
    const mine = files.filter((f) => f.startsWith(`${labeller}-`)).sort();
    const slices = mine.flatMap((f) => readJsonl<{ id: string }>(path.join(DATA, 'slices', f)));
    const labels = mine.flatMap((f) =>
      readJsonl<Record<string, unknown>>(path.join(DATA, 'labels', f)).map((l, i) => ({ l, where: `${f}:${i + 1}` })),
    );
    if (labels.length !== slices.length)
      throw new Error(`labeller ${labeller}: ${labels.length} labels for ${slices.length} posts`);
    // Round one (A, B) split 1,564 posts in halves of 782 and appended 80 of the other half's
    // posts to each, to be labelled twice; rounds four (G, H), five (I, J) and six (K, L) ended each
    // slice with 30 of the other's.
    const ownCount =
      labeller === 'A' || labeller === 'B' ? FIRST_ROUND_HALF : slices.length - (SECOND_READ_TAIL[labeller] ?? 0);
    labels.forEach(({ l, where }, i) => {
      if (l.id !== slices[i]!.id) throw new Error(`${where}: id ${String(l.id)} where ${slices[i]!.id} was expected`);
      (i < ownCount ? own : other).set(slices[i]!.id, checked(l, where));
    });
  }

  const rows: LabelledRow[] = posts.flatMap((p) => {
    const before = committed.get(p.id);
    const j = own.get(p.id) ?? (before && judgementOf(before));
    if (!j) return [];
    const second = other.get(p.id) ?? before?.second;
    return [
      {
        id: p.id,
        source: p.source,
        genre: p.genre,
        split: splitOf(p.source, p.id),
        provenance: p.provenance,
        ...j,
        ...(second ? { second: { label: second.label, strength: second.strength } } : {}),
      },
    ];
  });
  writeFileSync(LABELS_FILE, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');

  const twice = rows.filter((r) => r.second);
  const bothIdeas = twice.filter((r) => r.label === 'idea' && r.second!.label === 'idea');
  const agreement = {
    posts_labelled_twice: twice.length,
    idea_or_noise_agreement: round(twice.filter((r) => r.label === r.second!.label).length / twice.length),
    idea_or_noise_cohens_kappa: round(cohensKappa(twice.map((r) => [r.label, r.second!.label]))),
    both_idea: bothIdeas.length,
    strength_exact_agreement: round(
      bothIdeas.filter((r) => r.strength === r.second!.strength).length / bothIdeas.length,
    ),
    strength_within_one: round(
      bothIdeas.filter((r) => Math.abs(r.strength! - r.second!.strength!) <= 1).length / bothIdeas.length,
    ),
    strength_cohens_kappa: round(cohensKappa(bothIdeas.map((r) => [r.strength, r.second!.strength]))),
  };
  writeFileSync(AGREEMENT_FILE, JSON.stringify(agreement, null, 2) + '\n');

  const count = (f: (r: LabelledRow) => boolean) => rows.filter(f).length;
  console.log(`${rows.length} labelled posts -> ${path.relative(process.cwd(), LABELS_FILE)}`);
  for (const split of ['train', 'validation', 'test'] as const)
    console.log(
      `  ${split}: ${count((r) => r.split === split)} (${count((r) => r.split === split && r.label === 'idea')} ideas)`,
    );
  console.log(`  agreement: ${JSON.stringify(agreement)}`);
}

const round = (v: number) => Math.round(v * 1000) / 1000;

if (import.meta.url === `file://${process.argv[1]}`) assemble();
