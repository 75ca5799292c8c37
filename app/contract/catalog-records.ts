/**
 * What the team catalog (app/core/catalog) carries across the RPC table and the CLI's --json:
 * publishing, searching, pulling. A trend's records are in records.ts (a chart draws them).
 * Types only.
 */
import type { ParamValue } from './records.js';

export type { TrendChangePoint, TrendExcursion, TrendPoint, TrendQueryArgs, TrendResult } from './records.js';

export interface CatalogPublishResult {
  /** The catalog, as messages show it (never a password). */
  catalog: string;
  study: { uid: string; slug: string; name: string };
  mode: 'new' | 'update' | 'append';
  runs: { added: number; updated: number; removed: number; total: number };
  files: { added: number; hashes_only: number };
  /** The catalog's session user: who published, as the server knows them. */
  published_by: string;
  published_at: string;
}

export interface CatalogQuery {
  text?: string;
  tool?: string[];
  /** A configuration label; * matches any text. */
  config?: string;
  /** A host name; * matches any text. */
  host?: string;
  /** Parameter clauses, compare's --where syntax, strict (a run must have the parameter). */
  params?: string[];
  /** Dates (2024-03-01) or ISO times: runs that started from `since` to `until` (a date: its whole day). */
  since?: string;
  until?: string;
  /** Studies at most (default 50). */
  limit?: number;
  /** Also list the matching runs (at most limit × 20). */
  runs?: boolean;
}

export interface CatalogStudyHit {
  uid: string;
  slug: string;
  name: string;
  published_by: string;
  published_at: string;
  runs: number;
  runs_matched: number;
  configs: string[];
  tools: string[];
  hosts: string[];
  first_run: string | null;
  last_run: string | null;
}

export interface CatalogRunHit {
  study: string;
  id: number;
  config: string;
  tool: string;
  name: string;
  host: string | null;
  start: string | null;
  params: Record<string, ParamValue>;
  metrics: Record<string, number>;
}

export interface CatalogSearchResult {
  catalog: string;
  studies: CatalogStudyHit[];
  /** Studies that matched in all (more than `studies` when the limit cut the list). */
  total: number;
  runs?: CatalogRunHit[];
}

export interface CatalogPullResult {
  catalog: string;
  /** The study as it is named here (a slug taken here gets "-2"). */
  study: string;
  from: { uid: string; slug: string; name: string; published_by: string; published_at: string };
  runs: number;
  files: { checked: number; from_this_store: number };
}
