/**
 * Runs that pair as repetitions but are not (issue 33): said above Runs, Compare and Scaling
 * until the user accepts what tells them apart, with one click. A token of the file names becomes
 * a path parameter (its name editable first); runs of one configuration that ran on different
 * devices or hosts become configurations of their own.
 */
import type { JSX } from 'react';
import { useEffect, useState } from 'react';
import type { RepetitionCheck } from '../../../app/contract/records.js';
import { useBridge } from '../../bridge/context.js';
import { useI18n } from '../../i18n/i18n.js';

export function RepetitionProposals({ study, revision, onChanged }: { study: string; revision: number; onChanged(): void }): JSX.Element | null {
  const bridge = useBridge();
  const { t, locale } = useI18n();
  const [check, setCheck] = useState<RepetitionCheck | null>(null);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    bridge.call('analysis.run', { study, locale }).then((a) => {
      if (!live) return;
      setCheck(a.repetitions);
      setName(a.repetitions.discriminators.find((d) => d.rule)?.rule?.param ?? '');
    }, () => { if (live) setCheck(null); });
    return () => { live = false; };
  }, [bridge, study, revision, locale]);

  if (!check || (!check.message && check.configurations.length === 0)) return null;
  const token = check.discriminators[0]?.rule ? check.discriminators[0] : undefined;
  const act = (fn: () => Promise<unknown>): void => {
    setBusy(true);
    setError(null);
    fn().then(() => { setBusy(false); onChanged(); }, (e: Error) => { setBusy(false); setError(e.message); });
  };
  const acceptToken = (): void => act(async () => {
    const settings = await bridge.call('studies.settings', { study });
    const rule = { pattern: token!.rule!.pattern, param: name.trim() };
    await bridge.call('studies.updateSettings', { study, settings: { path_params: [...settings.path_params.filter((r) => r.param !== rule.param), rule] } });
  });
  return (
    <div className="notice repetition-proposals" data-testid="not-repetitions" role="status">
      {check.message && <p>{check.message}</p>}
      {token && (
        <p className="controls">
          <label>{t('analysis.paramName')}<input name="proposal-param" value={name} pattern="[a-z][a-z0-9_]*" onChange={(e) => setName(e.target.value)} /></label>
          <button type="button" name="accept-path-param" className="primary" disabled={busy || !/^[a-z][a-z0-9_]{0,63}$/.test(name.trim())} onClick={acceptToken}>
            {t('analysis.acceptParam', { values: token.values.join(' / ') })}
          </button>
          <code className="muted">{token.rule!.pattern}</code>
        </p>
      )}
      {check.configurations.map((p) => (
        <p key={p.config} className="controls" data-proposal={p.config}>
          <span>{p.message}</span>
          <button type="button" name="accept-configs" className="primary" disabled={busy}
            onClick={() => act(async () => { for (const g of p.groups) await bridge.call('runs.move', { study, runs: g.runs, to: g.label }); })}>
            {t('analysis.acceptConfigs', { count: p.groups.length })}
          </button>
        </p>
      ))}
      {error && <p className="error" role="alert">{error}</p>}
    </div>
  );
}
