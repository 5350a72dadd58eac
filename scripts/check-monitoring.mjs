#!/usr/bin/env node
// The deployment's monitoring files, checked as part of the workspace's lint target (`npm test` installs Debian's
// prometheus package, which brings promtool, first when it is missing):
// - promtool accepts deploy/prometheus/prometheus.yml (with the rule and token files it names) and alerts.yml;
// - alerts.test.yml passes: each alert fires when it should, and stays quiet when it should not;
// - every expression of the Grafana dashboard parses as PromQL (promtool checks them as the recording rules of a
//   temporary file), and it reads the provisioned data source;
// - the dashboard's and the alerts' expressions name only metrics docs/metrics.md lists (or Prometheus' own `up`).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (file) => readFileSync(path.join(root, file), 'utf8');
export const PROMETHEUS_CONFIG = 'deploy/prometheus/prometheus.yml';
export const ALERTS = 'deploy/prometheus/alerts.yml';
export const ALERTS_TEST = 'deploy/prometheus/alerts.test.yml';
export const DASHBOARD = 'deploy/grafana/dashboards/grouarock.json';
export const DATASOURCE = 'deploy/grafana/provisioning/datasources/prometheus.yml';
export const CATALOGUE = 'docs/metrics.md';
/** Series Prometheus writes itself for every target, so no catalogue lists them. */
const PROMETHEUS_OWN = ['up'];

/**
 * The metric names a catalogue lists: the names in the first column of its tables (labels in braces dropped, and the
 * `_p50_`-style shorthands skipped), with a histogram's `_bucket`, `_sum` and `_count` series.
 */
export function catalogueMetrics(markdown) {
  const names = new Set(PROMETHEUS_OWN);
  for (const [, first, type] of markdown.matchAll(/^\| *([^|]*`[^|]*) *\| *([^|]*)\|/gm)) {
    for (const [, code] of first.matchAll(/`([a-z][a-z0-9_:]*)(?:\{[^}`]*\})?`/g)) {
      names.add(code);
      if (type.includes('histogram')) for (const suffix of ['_bucket', '_sum', '_count']) names.add(code + suffix);
    }
  }
  return names;
}

const KEYWORDS = new Set(['and', 'or', 'unless', 'bool', 'offset', 'inf', 'nan', 'atan2']);

/**
 * The metric names a PromQL expression reads, for one promtool accepted: what is left once strings, label matchers,
 * ranges, grouping label lists, function and aggregation names, keywords and numbers (durations too) are taken out.
 */
export function metricNames(expr) {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, '""')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, '');
  const names = new Set();
  for (const [, name, call] of bare.matchAll(/\d[\w.]*|([A-Za-z_:][\w:]*)(\s*\()?/g)) {
    if (name && !call && !KEYWORDS.has(name.toLowerCase())) names.add(name);
  }
  return [...names];
}

/** Each query of a dashboard, with the panel it belongs to (rows' own panels included). */
export function dashboardQueries(dashboard) {
  const panels = dashboard.panels.flatMap((p) => [p, ...(p.panels ?? [])]);
  return panels.flatMap((panel) => (panel.targets ?? []).map((target) => ({ panel, refId: target.refId, expr: target.expr })));
}

/**
 * The expressions of a rule file written the way alerts.yml is (`expr:` and the expression on its line, or a `|-`
 * block under it): no YAML parser is a dependency of the workspace. The caller checks that none was missed.
 */
export function ruleExpressions(yaml) {
  const expressions = [];
  const lines = yaml.split('\n');
  lines.forEach((line, i) => {
    const m = line.match(/^(\s*)expr: *(.*)$/);
    if (!m) return;
    if (!/^[|>]/.test(m[2])) return expressions.push(m[2].replace(/^(['"])(.*)\1$/, '$2'));
    const block = [];
    for (const next of lines.slice(i + 1)) {
      if (next.trim() && next.search(/\S/) <= m[1].length) break;
      block.push(next.trim());
    }
    expressions.push(block.join(' ').trim());
  });
  return expressions;
}

/** Runs promtool; its output only when it fails. */
function promtool(...args) {
  const result = spawnSync('promtool', args, { cwd: root, encoding: 'utf8' });
  if (result.error) return [`promtool ${args.join(' ')}: ${result.error.message}`];
  return result.status === 0 ? [] : [`promtool ${args.join(' ')} failed:\n${result.stdout}${result.stderr}`];
}

/** Each problem with the monitoring files, as one entry. */
export function monitoringProblems() {
  const problems = [...promtool('check', 'config', PROMETHEUS_CONFIG), ...promtool('check', 'rules', ALERTS), ...promtool('test', 'rules', ALERTS_TEST)];

  const dashboard = JSON.parse(read(DASHBOARD));
  const queries = dashboardQueries(dashboard);
  if (!queries.length) problems.push(`${DASHBOARD}: no panel has a query`);
  // Recording rules named after their panel, so promtool's error names the panel whose expression does not parse.
  const rules = { groups: [{ name: 'dashboard', rules: queries.map((q) => ({ record: `panel_${q.panel.id}:${q.refId}`, expr: q.expr })) }] };
  const scratch = mkdtempSync(path.join(tmpdir(), 'check-monitoring-'));
  try {
    const file = path.join(scratch, 'dashboard-rules.yml');
    writeFileSync(file, JSON.stringify(rules, null, 2)); // JSON is YAML
    problems.push(...promtool('check', 'rules', file).map((p) => `${DASHBOARD} (panel_<id>:<refId> is the panel and query):\n${p}`));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }

  const uid = read(DATASOURCE).match(/^\s*uid: *(\S+)/m)?.[1];
  for (const { panel, refId } of queries) {
    const source = panel.datasource?.uid;
    if (source !== uid) problems.push(`${DASHBOARD}: panel ${panel.id} "${panel.title}" (${refId}) reads data source ${source}, not ${uid} (${DATASOURCE})`);
  }

  const known = catalogueMetrics(read(CATALOGUE));
  const alertsYaml = read(ALERTS);
  const alertExpressions = ruleExpressions(alertsYaml);
  const ruleCount = alertsYaml.match(/^\s*- (?:alert|record):/gm)?.length ?? 0;
  if (alertExpressions.length !== ruleCount) problems.push(`${ALERTS}: read ${alertExpressions.length} expressions for ${ruleCount} rules (write each as \`expr: …\` or \`expr: |-\` and a block)`);
  const uses = [
    ...queries.map((q) => ({ where: `${DASHBOARD}: panel ${q.panel.id} "${q.panel.title}" (${q.refId})`, expr: q.expr })),
    ...alertExpressions.map((expr, i) => ({ where: `${ALERTS}: rule ${i + 1}`, expr })),
  ];
  for (const { where, expr } of uses) {
    for (const name of metricNames(expr)) if (!known.has(name)) problems.push(`${where} reads ${name}, which ${CATALOGUE} does not list`);
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (spawnSync('sh', ['-c', 'command -v promtool'], { stdio: 'ignore' }).status !== 0) {
    console.error("promtool is not installed: apt-get install -y prometheus (Debian's package brings it)");
    process.exit(1);
  }
  const problems = monitoringProblems();
  for (const problem of problems) console.error(problem);
  process.exit(problems.length ? 1 : 0);
}
