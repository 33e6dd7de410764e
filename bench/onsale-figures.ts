/** bench:onsale's figures of a phase, from its drivers' attempts (bench/onsale.ts). */
import type { Attempt } from "./onsale";

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export interface Figures {
  winners: number;
  soldOut: number;
  other4xx: Record<string, number>;
  fiveXX: Record<string, number>;
  retried503: number;
  retriedConnection: number;
  inLine: number;
  p50: number;
  p99: number;
  max: number;
  /** Every HTTP answer's own time: p99 and max. */
  answerP99: number;
  answerMax: number;
}

export function figures(attempts: Attempt[]): Figures {
  const f: Figures = {
    winners: 0,
    soldOut: 0,
    other4xx: {},
    fiveXX: {},
    retried503: 0,
    retriedConnection: 0,
    inLine: 0,
    p50: 0,
    p99: 0,
    max: 0,
    answerP99: 0,
    answerMax: 0,
  };
  for (const a of attempts) {
    f.retried503 += a.retried503;
    f.retriedConnection += a.retriedConnection;
    f.inLine += a.inLine;
    if (a.status === 201) f.winners += 1;
    else if (a.status === 409 && a.code === "event_sold_out") f.soldOut += 1;
    else if (a.status >= 400 && a.status < 500) {
      const k = `${a.status} ${a.code}`;
      f.other4xx[k] = (f.other4xx[k] ?? 0) + 1;
    } else {
      const k = `${a.status} ${a.code}`;
      f.fiveXX[k] = (f.fiveXX[k] ?? 0) + 1;
    }
  }
  const ms = attempts.map((a) => a.ms).sort((a, b) => a - b);
  f.p50 = percentile(ms, 50);
  f.p99 = percentile(ms, 99);
  f.max = ms.at(-1) ?? 0;
  const each = attempts.flatMap((a) => a.answerMs).sort((a, b) => a - b);
  f.answerP99 = percentile(each, 99);
  f.answerMax = each.at(-1) ?? 0;
  return f;
}
