/**
 * The team catalog's RPC methods (catalog.*): publish a study, search, pull one, a trend from the
 * catalog or from a study of the local store, and where a location connects (without its
 * password). The core's handler table takes this group as it is; the work is in this folder.
 */
import type { TrendQueryArgs, TrendResult } from '../../contract/catalog-records.js';
import type { RpcArgs, RpcResult } from '../../contract/rpc.js';
import type { Core } from '../core.js';
import { catalogTarget } from './connection.js';
import { catalogTrend } from './catalog-trend.js';
import { publishStudy } from './publish.js';
import { pullStudy } from './pull.js';
import { searchCatalog } from './search.js';
import { trendOf, type TrendRun } from './trend/trend.js';

/** A trend over the local store: one study (a history), or every study. */
export function localTrend(core: Core, q: TrendQueryArgs & { study?: string }, locale: 'en' | 'zh-CN' = 'en'): TrendResult & { source: string } {
  const studies = q.study ? [q.study] : core.studies().map((s) => s.slug);
  const runs: TrendRun[] = studies.flatMap((s) => core.runs({ study: s }));
  const pairingKeys = q.study ? core.settings(q.study).pairing_keys : undefined;
  return { ...trendOf(runs, { ...q, pairingKeys }, locale), source: q.study ? `study ${core.store.findStudy(q.study)?.slug ?? q.study} (this data folder)` : 'this data folder' };
}

type CatalogMethod = 'catalog.location' | 'catalog.publish' | 'catalog.search' | 'catalog.pull' | 'catalog.trend';

export function catalogHandlers(core: Core): { [M in CatalogMethod]: (args: RpcArgs<M>) => RpcResult<M> | Promise<RpcResult<M>> } {
  return {
    'catalog.location': ({ url }) => ({ catalog: catalogTarget(url).shown }),
    'catalog.publish': ({ study, url, append, originals }) => publishStudy(core.store, core.studyIdOf(study), { url, append, originals, workDir: core.scratchDir() }),
    'catalog.search': ({ url, query }) => searchCatalog(url, query),
    'catalog.pull': ({ url, study }) => pullStudy(core.store, study, { url, workDir: core.scratchDir() }),
    'catalog.trend': ({ url, catalog, locale, ...q }) => (catalog ? catalogTrend(url, q, locale) : localTrend(core, q, locale)),
  };
}
