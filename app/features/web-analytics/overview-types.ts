import type { Dimension, Metric } from "./dimensions";
import type { BreakdownRow } from "./figures.server";

/** What the overview is made of: shared by the server (which fills it) and the page (which draws it). */

/** The dashboard's cards and the breakdowns each can show (the first is its default). */
export const CARDS = {
  pages: ["page", "entry", "exit"],
  sources: ["channel", "source", "referrer", "utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"],
  devices: ["device", "browser", "os"],
  locations: ["country", "region"],
} as const satisfies Record<string, readonly Dimension[]>;
export type CardName = keyof typeof CARDS;
export type CardTabs = Record<CardName, Dimension>;

/** How many rows a card lists (its details page lists them all). */
export const CARD_ROWS = 10;

export interface FigureView {
  metric: Metric;
  value: number | null;
  /** null: no period before to compare with (all time), or nothing in it. */
  previous: number | null;
}

export interface ChartPointView {
  label: string;
  title: string;
  value: number | null;
  previous: number | null;
}

export interface BreakdownRowView extends BreakdownRow {
  /** Exit pages: the share of the page's views that ended the visit. */
  exitRate?: number | null;
}

export interface GoalView {
  key: string;
  name: string;
  conversions: number;
  visits: number;
  /** Converting visits ÷ visits; null without visits. */
  rate: number | null;
}

export interface Overview {
  figures: FigureView[];
  chart: { metric: Metric; points: ChartPointView[]; hasPrevious: boolean };
  cards: Record<CardName, { dimension: Dimension; rows: BreakdownRowView[]; valuesCount: number }>;
  goals: GoalView[];
  /** Beacons from bots in the range, never counted as visits. */
  botRequests: number;
  /** Closed days not rolled up yet (read from the raw rows meanwhile). */
  rollup: { daysPending: number };
}
