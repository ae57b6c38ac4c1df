// Load generators: autocannon for HTTP, and a pool of concurrent workers issuing the same INSERT
// through `pg` for the session-creation limit. Latencies are kept exactly (microseconds), since
// autocannon's own histogram has 1 ms resolution and the hot path answers well under that.
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function summarize({ latenciesMs, ok, errors, seconds }) {
  const sorted = Float64Array.from(latenciesMs).sort();
  return {
    requestsPerSecond: ok / seconds,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    ok,
    errors,
    seconds,
  };
}

/**
 * Runs autocannon against `baseUrl` with `requests` (cycled by every connection) for `seconds`,
 * after `warmupSeconds` of the same load that is not recorded. Errors are connection errors,
 * time-outs and every non-2xx answer.
 */
export async function httpLoad({ baseUrl, requests, connections, seconds, warmupSeconds = 0, anyStatus = false, cpuSeconds }) {
  if (warmupSeconds > 0) await runAutocannon({ baseUrl, requests, connections, seconds: warmupSeconds, anyStatus });
  // A window under a second (the smoke run's quarter of one) can close with nothing answered on a
  // loaded machine (CI runs the lint beside it): it is run again, twice as long each time, up to 4 s,
  // and only the last run is recorded. A full run's windows are never run again: nothing answered in
  // 5 s is a finding.
  let cpuBefore;
  let clientBefore;
  let result;
  for (let window = seconds; ; window *= 2) {
    cpuBefore = cpuSeconds?.();
    clientBefore = process.cpuUsage();
    result = await runAutocannon({ baseUrl, requests, connections, seconds: window, anyStatus });
    if (seconds >= 1 || result.ok + result.errors > 0 || window * 2 > 4) break;
  }
  const client = clientCpuPerRequest(process.cpuUsage(clientBefore), result);
  return cpuBefore === undefined ? { ...result, ...client } : { ...result, ...cpuPerRequest(cpuSeconds() - cpuBefore, result), ...client };
}

/**
 * The load generator's own CPU per answered request over the recorded run (this process: autocannon
 * and the requests' paths): with the server's, it says how the two cores were shared, and so how a
 * difference of server CPU becomes a difference of throughput (bench/analysis.md, issue 45).
 */
function clientCpuPerRequest({ user, system }, { ok, errors }) {
  const answered = ok + errors;
  return answered > 0 ? { clientCpuMicrosPerRequest: (user + system) / answered } : {};
}

/**
 * The server's CPU time per answered request over the recorded run: what the request costs the
 * server whoever else shares the cores (the load generator, PostgreSQL), so its ratio between two
 * servers moves less from round to round than their throughputs do.
 */
function cpuPerRequest(cpuSeconds, { ok, errors }) {
  const answered = ok + errors;
  return answered > 0 && Number.isFinite(cpuSeconds) ? { cpuMicrosPerRequest: (cpuSeconds * 1e6) / answered } : {};
}

async function runAutocannon(options) {
  const { latenciesMs, ok, non2xx, result } = await runAutocannonRaw(options);
  const statuses = {};
  for (const key of ['1xx', '2xx', '3xx', '4xx', '5xx']) if (result[key]) statuses[key] = result[key];
  return {
    ...summarize({ latenciesMs, ok, errors: result.errors + result.timeouts + non2xx, seconds: result.duration }),
    statuses,
    bytesPerResponse: result.requests.total > 0 ? Math.round(result.throughput.total / result.requests.total) : 0,
  };
}

/**
 * The same load spread over several servers at once (`targets`: { baseUrl, requests }), `connections`
 * in all, divided evenly: one figure for a fleet of instances, latencies merged exactly.
 */
export async function httpLoadAcross({ targets, connections, seconds, warmupSeconds = 0 }) {
  const perTarget = Math.max(1, Math.floor(connections / targets.length));
  const runAll = (duration) =>
    Promise.all(
      targets.map((t) => runAutocannonRaw({ baseUrl: t.baseUrl, requests: t.requests, connections: perTarget, seconds: duration })),
    );
  if (warmupSeconds > 0) await runAll(warmupSeconds);
  const runs = await runAll(seconds);
  const latenciesMs = runs.flatMap((r) => r.latenciesMs);
  const ok = runs.reduce((sum, r) => sum + r.ok, 0);
  const errors = runs.reduce((sum, r) => sum + r.result.errors + r.result.timeouts + r.non2xx, 0);
  return { ...summarize({ latenciesMs, ok, errors, seconds: Math.max(...runs.map((r) => r.result.duration)) }), servers: targets.length };
}

/**
 * `amount` requests in all (no warm-up), as fast as `connections` connections go: a fixed amount
 * of work rather than a fixed time (the memory scenario's 1,000,000 distinct amounts).
 */
export async function countLoad({ baseUrl, requests, connections, amount }) {
  return runAutocannon({ baseUrl, requests, connections, amount });
}

/**
 * anyStatus: every HTTP answer counts as served (the pre-authentication paths answer 401, 404, 429 …).
 * A request may carry autocannon's `setupRequest(req, context)`, called before each time it is
 * sent (a new amount every time: bench/lib/amounts.mjs). `amount`: stop after that many requests.
 */
async function runAutocannonRaw({ baseUrl, requests, connections, seconds, amount, anyStatus = false }) {
  const latenciesMs = [];
  let ok = 0;
  let non2xx = 0;
  const howLong = amount ? { amount } : { duration: seconds };
  // autocannon stops only when it samples, once a second by default: a run shorter than a second (the
  // smoke run's quarter of a second) would last a whole one. Sampling at its length ends it on time.
  const sampling = !amount && seconds < 1 ? { sampleInt: Math.max(10, Math.round(seconds * 1000)) } : {};
  const instance = autocannon({ url: baseUrl, requests, connections, ...howLong, ...sampling, timeout: 10 });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (anyStatus || (statusCode >= 200 && statusCode < 300)) {
      ok += 1;
      latenciesMs.push(responseTime);
    } else non2xx += 1;
  });
  const result = await instance;
  return { latenciesMs, ok, non2xx, result };
}

/**
 * `connections` workers each issue `query()` back to back for `seconds` (after a warm-up); the
 * direct-driver counterpart of an autocannon run.
 */
export async function queryLoad({ query, connections, seconds, warmupSeconds = 0 }) {
  if (warmupSeconds > 0) await runQueries({ query, connections, seconds: warmupSeconds });
  return runQueries({ query, connections, seconds });
}

async function runQueries({ query, connections, seconds }) {
  const latenciesMs = [];
  let ok = 0;
  let errors = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const begun = performance.now();
      try {
        await query();
        ok += 1;
        latenciesMs.push(performance.now() - begun);
      } catch {
        errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  return summarize({ latenciesMs, ok, errors, seconds: (performance.now() - started) / 1000 });
}

/**
 * The requests in turn, as autocannon sends them: a request with `setupRequest` is passed through
 * it (a copy) each time, so that one request list drives both autocannon and pacedLoad.
 */
export function cycle(requests) {
  let index = 0;
  return () => {
    const request = requests[index++ % requests.length];
    return request.setupRequest ? request.setupRequest({ ...request }) : request;
  };
}

/**
 * Open load: GET requests at a fixed `rate` per second, evenly spaced (not in bursts: autocannon's
 * rate option spends each connection's budget at the start of every second), over at most
 * `connections` keep-alive connections. A latency runs from the moment its request was due, so a
 * client or server falling behind shows in it (no coordinated omission). Each request is `next()`
 * ({ path, headers }), by default `requests` in turn (cycle).
 */
export async function pacedLoad({ baseUrl, requests, next = cycle(requests), connections, seconds, rate, warmupSeconds = 0 }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  try {
    if (warmupSeconds > 0) await runPaced({ agent, baseUrl, next, seconds: warmupSeconds, rate });
    return await runPaced({ agent, baseUrl, next, seconds, rate });
  } finally {
    agent.destroy();
  }
}

/**
 * Calls `start(dueAt)` `rate` times a second, evenly spaced, for `seconds`, and waits for every
 * promise it returned; resolves to the seconds it took.
 */
async function paced({ seconds, rate, start }) {
  const pending = new Set();
  const interval = 1000 / rate;
  const started = performance.now();
  const end = started + seconds * 1000;
  let due = started;
  while (due < end) {
    const now = performance.now();
    while (due <= now && due < end) {
      const done = start(due);
      pending.add(done);
      void done.then(() => pending.delete(done));
      due += interval;
    }
    await sleep(1);
  }
  await Promise.all(pending);
  return (performance.now() - started) / 1000;
}

async function runPaced({ agent, baseUrl, next, seconds, rate }) {
  const latenciesMs = [];
  let ok = 0;
  let errors = 0;
  const send = (request, dueAt) =>
    new Promise((resolve) => {
      const req = http.request(`${baseUrl}${request.path}`, { method: request.method ?? 'GET', agent, headers: request.headers }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode >= 200 && res.statusCode < 300) {
            ok += 1;
            latenciesMs.push(performance.now() - dueAt);
          } else errors += 1;
          resolve();
        });
      });
      req.on('error', () => {
        errors += 1;
        resolve();
      });
      req.end(request.body);
    });
  const elapsed = await paced({ seconds, rate, start: (dueAt) => send(next(), dueAt) });
  return summarize({ latenciesMs, ok, errors, seconds: elapsed });
}

/**
 * `query()` at a fixed `rate` per second, evenly spaced, at most `connections` in flight (later
 * ones wait for a free worker, their latency counted from when they were due): pacedLoad's
 * counterpart for the direct-driver limit.
 */
export async function pacedQueries({ query, connections, seconds, rate, warmupSeconds = 0 }) {
  if (warmupSeconds > 0) await runPacedQueries({ query, connections, seconds: warmupSeconds, rate });
  return runPacedQueries({ query, connections, seconds, rate });
}

async function runPacedQueries({ query, connections, seconds, rate }) {
  const latenciesMs = [];
  let ok = 0;
  let errors = 0;
  let inFlight = 0;
  const waiting = [];
  const send = async (dueAt) => {
    if (inFlight >= connections) await new Promise((resolve) => waiting.push(resolve));
    inFlight += 1;
    try {
      await query();
      ok += 1;
      latenciesMs.push(performance.now() - dueAt);
    } catch {
      errors += 1;
    } finally {
      inFlight -= 1;
      waiting.shift()?.();
    }
  };
  const elapsed = await paced({ seconds, rate, start: send });
  return summarize({ latenciesMs, ok, errors, seconds: elapsed });
}

/**
 * A flood at a fixed `rate` per second, evenly spaced, each request at most once in flight per
 * slot (no waiting on answers): requests carry their method, headers and body. Returns how many
 * were sent and the answers by status ("error" for a failed connection).
 */
export async function floodLoad({ baseUrl, requests, rate, seconds }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const statuses = {};
  const count = (key) => (statuses[key] = (statuses[key] ?? 0) + 1);
  const pending = new Set();
  let sent = 0;
  const send = (request) => {
    const done = new Promise((resolve) => {
      const url = new URL(`${baseUrl}${request.path}`);
      const req = http.request(url, { method: request.method ?? 'GET', agent, headers: request.headers }, (res) => {
        res.resume();
        res.on('end', () => {
          count(res.statusCode);
          resolve();
        });
      });
      req.on('error', () => {
        count('error');
        resolve();
      });
      req.end(request.body);
    });
    pending.add(done);
    void done.then(() => pending.delete(done));
  };
  try {
    const interval = 1000 / rate;
    const end = performance.now() + seconds * 1000;
    let due = performance.now();
    while (due < end) {
      while (due <= performance.now() && due < end) {
        send(requests[sent++ % requests.length]);
        due += interval;
      }
      await sleep(1);
    }
    await Promise.all(pending);
    return { sent, statuses };
  } finally {
    agent.destroy();
  }
}
