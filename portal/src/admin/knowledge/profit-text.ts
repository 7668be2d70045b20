import { formatNumber } from '@ideamine/shared/format';

/** An idea's profit as one line: the score with its level ("7.5 · High"), or the level alone. */
export const profitText = (k: { profit_score: number | null; profit_potential: string | null }) =>
  k.profit_score === null
    ? (k.profit_potential ?? 'Not scored')
    : `${formatNumber(k.profit_score, { decimals: 1 })}${k.profit_potential ? ` · ${k.profit_potential}` : ''}`;
