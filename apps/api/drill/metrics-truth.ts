import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../test/support/repo-root';
import { DrillReport, within } from './report';
import type { Rig } from './rig';
import type { SteadyLoad } from './steady-load';

/** The dashboard the deploy provisions: every panel's query. */
export function dashboardQueries(): { panel: string; expr: string }[] {
  const dashboard = JSON.parse(readFileSync(path.join(repoRoot(), 'deploy/grafana/dashboards/grouarock.json'), 'utf8')) as {
    panels: { title: string; targets?: { expr: string }[]; panels?: { title: string; targets?: { expr: string }[] }[] }[];
  };
  const panels = dashboard.panels.flatMap((p) => [p, ...(p.panels ?? [])]);
  return panels.flatMap((p) => (p.targets ?? []).map((t) => ({ panel: p.title, expr: t.expr })));
}

/** While the steady load runs: the cluster's listeners as Prometheus sums them equal the drill's. */
export async function listenersAsScraped(rig: Rig, load: SteadyLoad, report: DrillReport): Promise<void> {
  const summed = await within(10_000, async () => {
    const value = await rig.prometheus.value('sum(grouarock_radio_listeners)');
    return value === load.listeners.count ? value : undefined;
  });
  report.figure('radio listeners as Prometheus sums them over the replicas', (await rig.prometheus.value('sum(grouarock_radio_listeners)')) ?? 'none');
  report.promise(`the sum of radio listeners over the replicas equals the drill's ${load.listeners.count}`, summed !== undefined);
  const sockets = await rig.prometheus.value('sum(grouarock_realtime_sockets)');
  report.figure('realtime sockets as Prometheus sums them', sockets ?? 'none');
}

/**
 * After the drills: what Prometheus saw of them is true. Each restarted replica's gap is visible (`up` was 0), the
 * bucket's failures were counted, and every dashboard panel's query returns data from it.
 */
export async function metricsAfterDrills(rig: Rig, windowSeconds: number): Promise<DrillReport> {
  const report = new DrillReport('metrics');
  for (const replica of rig.replicas) {
    const lowest = await rig.prometheus.value(`min_over_time(up{replica="${replica.name}"}[${windowSeconds}s])`);
    report.promise(`${replica.name}'s restart is visible as a gap (up was 0)`, lowest === 0, `lowest up ${lowest}`);
  }
  const storageErrors = await rig.prometheus.value(`sum(increase(grouarock_storage_operations_total{result="error"}[${windowSeconds}s]))`);
  report.figure('storage errors counted over the drills', storageErrors ?? 'none');
  report.promise('the bucket outage is counted as storage errors', (storageErrors ?? 0) > 0);
  const reconnects = await rig.prometheus.value(`sum(increase(grouarock_event_bus_listen_reconnects_total[${windowSeconds}s]))`);
  report.figure('LISTEN reconnects counted over the drills', reconnects ?? 'none');
  const empty: string[] = [];
  const queries = dashboardQueries();
  for (const { panel, expr } of queries) if (!(await rig.prometheus.query(expr)).length) empty.push(`${panel}: ${expr}`);
  report.figure('dashboard queries that returned data', `${queries.length - empty.length} of ${queries.length}`);
  report.promise("every dashboard panel's query returns data", empty.length === 0, empty.join('; '));
  return report;
}
