import { readFileSync } from 'node:fs';
import { ideaModel, SUB_SCORES, type SubScore } from './model';

// Where advice on a sub-score begins. The local model's sub-scores sit low on the 0-10 scale, as
// the labels they learned from do (labelled ideas average a severity of 2.3), so a fixed bar of 5
// called the pain of nearly every idea unclear (135 of 135 in the demo). The bar is instead the
// lower third of what the ideas the model keeps get, out of fold (`npm run train:quality` writes
// advice.json beside model.json): advice names what is weak for an idea here, not what is low on
// a scale no idea reaches. Another provider's sub-scores, or a model without its file, keep 5.

const ADVICE_FILE = new URL('./advice.json', import.meta.url);

export interface AdviceFile {
  /** The model whose out-of-fold sub-scores these are: the file applies to that model only. */
  model_version: string;
  /** The share of kept ideas that score below each bar. */
  share_below: number;
  below: Record<SubScore, number>;
}

/** The bar of 5 on the 0-10 scale: for sub-scores this model did not give. */
export const FIXED_ADVICE_BAR = 5;

let loaded: AdviceFile | null | undefined;

function adviceFile(): AdviceFile | null {
  if (loaded === undefined) {
    try {
      loaded = JSON.parse(readFileSync(ADVICE_FILE, 'utf8')) as AdviceFile;
    } catch {
      loaded = null;
    }
  }
  return loaded;
}

/** Below which value each sub-score gets its advice, for the provider that gave the sub-scores. */
export function adviceBars(provider: 'local' | 'openai'): Record<SubScore, number> {
  const file = adviceFile();
  const fitting = provider === 'local' && file?.model_version === ideaModel().file.version;
  return Object.fromEntries(SUB_SCORES.map((k) => [k, fitting ? file.below[k] : FIXED_ADVICE_BAR])) as Record<
    SubScore,
    number
  >;
}
