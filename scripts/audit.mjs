#!/usr/bin/env node
// Known vulnerabilities in what ships: `npm audit --omit=dev` (the production dependency tree of package-lock.json, the
// packages the bundle and the image are made of), part of `npm test`'s lint stage. Fails on every high or critical
// advisory that scripts/audit-allowlist.json does not list for that package with a reason; moderate and low ones are
// counted, not failed. The advisories come from the registry's audit endpoint (POST /-/npm/v1/security/advisories/bulk).
// Where that endpoint does not answer (a registry proxy that passes only GET and HEAD answers 405, as the one of our
// build machines does; or no network), the tree is NOT checked: this says so on every run, loudly, and passes, so that
// the rest of the lint still gates; with AUDIT_REQUIRED=1 (a pipeline that does reach the endpoint) it fails instead.
// Any other report without an audit (no lock file, say) fails.
//
//   node scripts/audit.mjs                               runs npm audit --omit=dev in the repository
//   node scripts/audit.mjs --report <file> [--allow-list <file>]   judges a saved `npm audit --json` report instead
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FAILING = new Set(['high', 'critical']);
/** What npm says when the audit endpoint itself did not answer (refused, unreachable), as against a broken tree. */
const ENDPOINT_UNAVAILABLE = /^\d{3} [A-Za-z ]+ - POST \S+\/-\/npm\/v1\/security\/|ECONNREFUSED|ENOTFOUND|ETIMEDOUT|EAI_AGAIN|ECONNRESET/;
const GHSA = /^GHSA(-[23456789cfghjmpqrvwx]{4}){3}$/;

/** The GitHub advisory id of an advisory of the report (its url ends with it), or its url when it has none. */
const advisoryId = (advisory) => advisory.url?.match(/GHSA(-[a-z0-9]{4}){3}$/i)?.[0] ?? advisory.url ?? `npm-${advisory.source}`;

/**
 * What is wrong with the allow-list itself: each entry names one advisory (`id`, a GHSA id), the package it is
 * reported on (`package`) and why it does not apply to us (`reason`, a sentence).
 */
export function allowListProblems(list) {
  if (!Array.isArray(list?.advisories)) return ['it must be an object with an "advisories" array'];
  return list.advisories.flatMap((entry, i) => {
    const at = `advisories[${i}]`;
    const problems = [];
    if (typeof entry?.id !== 'string' || !GHSA.test(entry.id)) problems.push(`${at}.id must be a GitHub advisory id (GHSA-xxxx-xxxx-xxxx), got ${JSON.stringify(entry?.id)}`);
    if (typeof entry?.package !== 'string' || !entry.package) problems.push(`${at}.package must name the package the advisory is reported on`);
    if (typeof entry?.reason !== 'string' || entry.reason.trim().length < 20) problems.push(`${at}.reason must say why the advisory does not apply (a sentence)`);
    return problems;
  });
}

/**
 * Judges an `npm audit --json` report (npm 7 and later): the high and critical advisories not allowed, those allowed,
 * the allow-list's entries no longer needed, and how many lower ones there are. Throws when the report holds no
 * audit (npm could not reach the audit endpoint, or the lock file could not be read).
 */
export function judge(report, list) {
  if (!report || typeof report !== 'object' || !report.vulnerabilities || typeof report.vulnerabilities !== 'object') {
    const reason = String(report?.message ?? report?.error?.summary ?? report?.error?.message ?? 'the report has no "vulnerabilities"').split('\n')[0];
    throw Object.assign(new Error(`npm audit returned no audit: ${reason}`), { endpointUnavailable: ENDPOINT_UNAVAILABLE.test(reason) });
  }
  // Each advisory once, on the package it is about (the entries of other packages only point at it by name).
  const advisories = new Map();
  for (const vulnerability of Object.values(report.vulnerabilities)) {
    for (const via of vulnerability.via ?? []) {
      if (typeof via !== 'object' || !via) continue;
      const id = advisoryId(via);
      const key = `${id} ${via.name}`;
      if (advisories.has(key)) continue;
      const own = report.vulnerabilities[via.name];
      advisories.set(key, { id, package: via.name, severity: via.severity, title: via.title, url: via.url, range: via.range, nodes: own?.nodes ?? vulnerability.nodes ?? [], fix: own?.fixAvailable });
    }
  }
  const allowed = new Map((list?.advisories ?? []).map((e) => [`${e.id} ${e.package}`, e]));
  const failing = [];
  const excused = [];
  let lower = 0;
  for (const advisory of advisories.values()) {
    if (!FAILING.has(advisory.severity)) lower += 1;
    else if (allowed.has(`${advisory.id} ${advisory.package}`)) excused.push({ ...advisory, reason: allowed.get(`${advisory.id} ${advisory.package}`).reason });
    else failing.push(advisory);
  }
  // An entry that excuses nothing (the advisory is gone, or no longer high) is kept by no one's decision: say so.
  const used = new Set(excused.map((a) => `${a.id} ${a.package}`));
  const stale = [...allowed.entries()].filter(([key]) => !used.has(key)).map(([, e]) => e);
  return { failing, excused, stale, lower };
}

const describeFix = (fix) => {
  if (fix === true) return 'a compatible fixed version exists (npm audit fix)';
  if (fix && typeof fix === 'object') return `fixed by ${fix.name}@${fix.version}${fix.isSemVerMajor ? ' (a major upgrade)' : ''}`;
  return 'no fixed version yet';
};

function main(args) {
  const option = (name) => {
    const i = args.indexOf(name);
    return i === -1 ? undefined : args[i + 1];
  };
  const known = ['--report', '--allow-list'];
  const unknown = args.filter((a, i) => a.startsWith('--') ? !known.includes(a) : !known.includes(args[i - 1]));
  if (unknown.length) return fail(`usage: node scripts/audit.mjs [--report <npm audit --json file>] [--allow-list <file>] (got ${unknown.join(' ')})`);
  const listFile = option('--allow-list') ?? path.join(root, 'scripts/audit-allowlist.json');
  const reportFile = option('--report');

  let list;
  try {
    list = JSON.parse(readFileSync(listFile, 'utf8'));
  } catch (error) {
    return fail(`${path.relative(root, listFile)}: ${error.message}`);
  }
  const listProblems = allowListProblems(list);
  if (listProblems.length) return fail(`${path.relative(root, listFile)}:\n  ${listProblems.join('\n  ')}`);

  let text;
  if (reportFile) text = readFileSync(reportFile, 'utf8');
  else {
    // Exit status 1 only says that something was found; the JSON says what, or why there is no audit.
    const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    if (run.error) return fail(`could not run npm: ${run.error.message}`);
    text = run.stdout;
    if (!text.trim()) return fail(`npm audit printed no report (exit ${run.status}):\n${run.stderr.trim()}`);
  }
  let verdict;
  try {
    verdict = judge(JSON.parse(text), list);
  } catch (error) {
    if (error.endpointUnavailable && !/^(1|true)$/i.test(process.env.AUDIT_REQUIRED ?? '')) {
      console.warn(
        `audit: NOT CHECKED: ${error.message}.\n  The advisories come from the registry's audit endpoint (POST /-/npm/v1/security/advisories/bulk), ` +
          'which this machine cannot reach: the production tree was not checked for known vulnerabilities. Run ' +
          '`AUDIT_REQUIRED=1 node scripts/audit.mjs` where the registry answers it.',
      );
      return 0;
    }
    return fail(`${error.message}\n  The advisories come from the registry's audit endpoint (POST /-/npm/v1/security/advisories/bulk).`);
  }

  for (const a of verdict.excused) console.log(`audit: allowed ${a.severity} ${a.id} in ${a.package}: ${a.reason}`);
  for (const e of verdict.stale) console.log(`audit: ${e.id} (${e.package}) in the allow-list is no longer reported as high or critical: remove it`);
  const summary = `audit: npm audit --omit=dev: ${verdict.failing.length} high or critical not allowed, ${verdict.excused.length} allowed, ${verdict.lower} moderate or low`;
  if (!verdict.failing.length) {
    console.log(summary);
    return 0;
  }
  for (const a of verdict.failing) {
    console.error(`\n${a.severity.toUpperCase()} ${a.id} in ${a.package} ${a.range ?? ''}: ${a.title}\n  ${a.url}\n  installed at ${a.nodes.join(', ') || '?'}\n  ${describeFix(a.fix)}`);
  }
  console.error(`\n${summary}.\nUpgrade past each, or list it in scripts/audit-allowlist.json with the reason it does not apply to us.`);
  return 1;
}

function fail(message) {
  console.error(`audit: ${message}`);
  return 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = main(process.argv.slice(2));
